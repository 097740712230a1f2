// The signed-in person's navigation, in the header of every signed-in screen: the customer's places, the courier's
// 'Mi ruta', or the staff's (bodega: receiving; admin: the operations screens too), and 'Cerrar sesión'. A link, not
// a button: screens keep their own 'Cerrar sesión' and 'Notificar paquete' buttons (design/architecture.md), and no
// page shows two buttons of one name.
// The current screen's link is marked aria-current so screen readers say where the person is. The admin's ten places
// wait behind 'Menú' below 600 px (issue 37) instead of wrapping to three rows; it closes on the next screen.
import { type MouseEvent, useId, useState } from 'react';
import { paths } from '../../shared/paths.ts';
import { type Role, signOutHere, useSession } from '../auth/session.ts';
import { Link, useLocation } from './router.tsx';
import './signed-in-nav.css';

interface NavLink {
  to: string;
  label: string;
}

const CUSTOMER: NavLink[] = [
  { to: paths.locker, label: 'Mi casillero' },
  { to: paths.packages, label: 'Mis paquetes' },
  { to: paths.notify, label: 'Notificar paquete' },
  { to: paths.myData, label: 'Mis datos' },
];
const COURIER: NavLink[] = [{ to: paths.courierRoute, label: 'Mi ruta' }];
const RECEIVING: NavLink = { to: paths.warehouse, label: 'Recepción en bodega' };
/** Bodega staff may build delivery routes too (design/delivery.md 'Roles'). */
const DELIVERY: NavLink = { to: paths.adminRoutes, label: 'Reparto' };
const ADMIN: NavLink[] = [
  { to: paths.admin, label: 'Hoy' },
  { to: paths.adminLockers, label: 'Casilleros' },
  { to: paths.adminPackages, label: 'Paquetes' },
  { to: paths.adminDispatches, label: 'Despachos' },
  DELIVERY,
  { to: paths.adminCollections, label: 'Recaudos' },
  { to: paths.adminPayments, label: 'Pagos' },
  { to: paths.adminRates, label: 'Tarifas' },
  { to: paths.adminNotices, label: 'Avisos' },
  { to: paths.adminInvoices, label: 'Facturas' },
  RECEIVING,
  { to: paths.adminPqr, label: 'PQR' },
];

const NAVS: Record<Role, { label: string; links: NavLink[] }> = {
  customer: { label: 'Tu cuenta', links: CUSTOMER },
  reparto: { label: 'Reparto', links: COURIER },
  bodega: { label: 'Bodega', links: [RECEIVING, DELIVERY] },
  admin: { label: 'Administración', links: ADMIN },
};

/** Where each role starts (the brand link leads there). */
export const HOME: Record<Role, string> = {
  customer: paths.locker,
  reparto: paths.courierRoute,
  bodega: paths.warehouse,
  admin: paths.admin,
};

/** 'page' on the link's own screen, 'true' on one below it (a package under 'Mis paquetes'; not under '/admin'). */
function current(pathname: string, to: string): 'page' | 'true' | undefined {
  if (pathname === to) return 'page';
  return to !== paths.admin && pathname.startsWith(`${to}/`) ? 'true' : undefined;
}

function signOutFromLink(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  void signOutHere();
}

/** Without `role`, reads the session itself (the screens that still pass it to Page as `nav`). */
export function SignedInNav({ role }: { role?: Role }) {
  const { pathname } = useLocation();
  const session = useSession(role ? null : 'customer');
  const who = role ?? session;
  if (!who) return null;
  const nav = NAVS[who];
  return (
    <nav className={`site-nav site-nav--${who}`} aria-label={nav.label}>
      {who === 'admin' ? (
        <AdminMenu pathname={pathname} links={nav.links} />
      ) : (
        <Links pathname={pathname} links={nav.links} />
      )}
    </nav>
  );
}

/** The admin's places behind 'Menú' on a small screen (always shown from 600 px, where the button is hidden). */
function AdminMenu({ pathname, links }: { pathname: string; links: NavLink[] }) {
  const id = useId();
  // Open on the screen where it was opened: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return (
    <>
      <button
        type="button"
        className="site-nav__menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        Menú
      </button>
      <Links pathname={pathname} links={links} id={id} open={open} />
    </>
  );
}

function Links({
  pathname,
  links,
  id,
  open,
}: {
  pathname: string;
  links: NavLink[];
  id?: string;
  open?: boolean;
}) {
  return (
    <ul id={id} className={open ? 'site-nav__list--open' : undefined}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} aria-current={current(pathname, link.to)}>
            {link.label}
          </Link>
        </li>
      ))}
      <li className="site-nav__sign-out">
        <a href={paths.login} onClick={signOutFromLink}>
          Cerrar sesión
        </a>
      </li>
    </ul>
  );
}

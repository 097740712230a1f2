// The staff's navigation between the admin screens, in the page header; the screen on view is left out, so each
// link's name stays unique on the page (the screen's own heading says where the person is).
import { paths } from '../../shared/paths.ts';
import { Link, useLocation } from './router.tsx';

const LINKS = [
  { to: paths.admin, label: 'Hoy' },
  { to: paths.adminLockers, label: 'Casilleros' },
  { to: paths.adminPackages, label: 'Paquetes' },
  { to: paths.adminDispatches, label: 'Despachos' },
  { to: paths.adminRoutes, label: 'Reparto' },
  { to: paths.adminCollections, label: 'Recaudos' },
  { to: paths.adminPayments, label: 'Pagos' },
  { to: paths.adminRates, label: 'Tarifas' },
  { to: paths.adminNotices, label: 'Avisos' },
  { to: paths.adminInvoices, label: 'Facturas' },
  { to: paths.warehouse, label: 'Recepción en bodega' },
  { to: paths.adminPqr, label: 'PQR' },
] as const;

export function StaffNav() {
  const { pathname } = useLocation();
  return (
    <nav className="signed-in-nav staff-nav" aria-label="Administración">
      <ul>
        {LINKS.filter((link) => link.to !== pathname).map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

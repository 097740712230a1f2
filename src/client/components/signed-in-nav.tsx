// The signed-in customer's navigation between their screens, in the page header; the current screen's link is
// marked aria-current so screen readers say where the person is.
import { paths } from '../paths.ts';
import { Link, useLocation } from '../router.tsx';

const LINKS = [
  { to: paths.locker, label: 'Mi casillero' },
  { to: paths.packages, label: 'Mis paquetes' },
  { to: paths.notify, label: 'Notificar paquete' },
  { to: paths.myData, label: 'Mis datos' },
] as const;

export function SignedInNav() {
  const { pathname } = useLocation();
  return (
    <nav className="signed-in-nav" aria-label="Tu cuenta">
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} aria-current={pathname === link.to ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

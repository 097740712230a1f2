// The header of the staff screens: where they are, and 'Cerrar sesión' (a shared warehouse phone changes hands).

import { paths } from '../../../shared/paths.ts';
import { Link } from '../../app/router.tsx';
import { signOut } from '../../auth/me.ts';

export function WarehouseNav() {
  return (
    <nav className="signed-in-nav" aria-label="Bodega">
      <ul>
        <li>
          <Link to={paths.warehouse} aria-current="page">
            Recepción
          </Link>
        </li>
        <li>
          <button type="button" className="link-button" onClick={() => void signOut()}>
            Cerrar sesión
          </button>
        </li>
      </ul>
    </nav>
  );
}

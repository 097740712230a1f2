// What a staff screen says to someone the server refused (403): whose screen it is, and the way to their own.
import { paths } from '../../shared/paths.ts';
import { Link } from './router.tsx';

export function AdminsOnly({ staff }: { staff?: boolean }) {
  return (
    <p>
      {staff ? 'Esta pantalla es solo para el personal.' : 'Esta pantalla es solo para administradores.'}{' '}
      <Link to={paths.locker}>Ir a mi casillero</Link>
    </p>
  );
}

// What a signed-in customer or bodega (or an admin whose e-mail is not verified yet) sees at /admin.
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { Page } from '../../app/page.tsx';
import { useNavigate } from '../../app/router.tsx';
import { signOutHere } from '../../auth/session.ts';

export function NoAccess({ unverified }: { unverified: boolean }) {
  const navigate = useNavigate();
  return (
    <Page title="Sin acceso">
      <h1>Sin acceso</h1>
      <p className="lead">
        {unverified
          ? messages.adminEmailUnverified
          : `${messages.forbidden} La lista de casilleros es solo para administradores. Si crees que deberías verla, escríbenos.`}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => navigate(paths.locker)}>
          Ir a mi casillero
        </button>
        <button type="button" className="button button--secondary" onClick={() => void signOutHere()}>
          Cerrar sesión
        </button>
      </div>
    </Page>
  );
}

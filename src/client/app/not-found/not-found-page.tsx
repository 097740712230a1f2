import { paths } from '../../../shared/paths.ts';
import { Page } from '../page.tsx';
import { Link } from '../router.tsx';

export default function NotFoundPage() {
  return (
    <Page title="Página no encontrada">
      <h1>Página no encontrada</h1>
      <p>La dirección que abriste no existe o cambió. Revisa el enlace o vuelve al inicio.</p>
      <p>
        <Link to={paths.welcome} className="button">
          Volver al inicio
        </Link>
      </p>
    </Page>
  );
}

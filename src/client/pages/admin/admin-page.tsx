import { Page } from '../../components/page.tsx';

export default function AdminPage() {
  return (
    <Page title="Lista de Casilleros" wide>
      <h1>Lista de Casilleros</h1>
    </Page>
  );
}

// Taking one's data away and leaving: 'Descargar mis datos' (a JSON file) and 'Eliminar mi cuenta', which says why
// it would be refused (packages in course) before it asks for the password.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { passwordField } from '../../../shared/schemas.ts';
import { useNavigate } from '../../app/router.tsx';
import { deleteAccount } from '../../auth/api.ts';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { getDeletionCheck, myDataKeys } from '../api.ts';

export function ExportSection({
  lockerNumber,
  onDownloaded,
}: {
  lockerNumber: string;
  onDownloaded: () => void;
}) {
  return (
    <section className="card" aria-labelledby="export-heading">
      <h2 id="export-heading">Descargar mis datos</h2>
      <p>
        Descarga un archivo JSON (mis-datos-{lockerNumber}.json) con todos tus datos y tu registro de
        actividad, para guardarlo o llevarlo a otro servicio.
      </p>
      {/* A plain link: the server's Content-Disposition makes it a download, with the session cookie sent. */}
      <a
        className="button button--secondary"
        href="/api/me/export"
        download
        // The download is recorded in the activity list: show it once the server has answered.
        onClick={() => setTimeout(onDownloaded, 1500)}
      >
        Descargar mis datos
      </a>
    </section>
  );
}

const deleteSchema = z.object({ password: passwordField });

export function DeleteSection({ lockerNumber }: { lockerNumber: string }) {
  const check = useQuery({
    queryKey: myDataKeys.deletion,
    queryFn: ({ signal }) => getDeletionCheck(signal),
  });
  const refusal = check.data?.refusal ?? null;
  return (
    <section className="card danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Eliminar mi cuenta</h2>
      <p>
        Borraremos tu nombre, cédula, correo, teléfono y direcciones, y cerraremos tu sesión en todos tus
        dispositivos. <strong>No se puede deshacer.</strong>
      </p>
      <p>
        Tu número de casillero <strong>{lockerNumber}</strong> queda retirado: no se asigna a nadie más, así
        que no envíes más compras a esa dirección. Si vuelves, tendrás un casillero nuevo.
      </p>
      {check.isPending && <p role="status">{messages.loading}</p>}
      {/* A failed check still lets the person try: the server says the same refusal after the password. */}
      {refusal ? <Notice tone="info">{refusal}</Notice> : !check.isPending && <DeleteForm />}
    </section>
  );
}

function DeleteForm() {
  const navigate = useNavigate();
  const form = useForm({
    initial: { password: '' },
    schema: deleteSchema,
    ids: { password: 'delete-password' },
    async submit(body) {
      const { message } = await deleteAccount(body);
      navigate(paths.login, { replace: true, state: { notice: message } });
    },
  });

  return (
    <FormShell form={form}>
      <PasswordField
        label="Contraseña actual"
        autoComplete="current-password"
        disabled={form.busy}
        {...form.field('password')}
      />
      <SubmitButton busy={form.busy} label="Eliminar mi cuenta" busyLabel="Eliminando..." danger />
      <FormError message={form.formError} />
    </FormShell>
  );
}

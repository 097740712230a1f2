// 'Mis datos' (/mis-datos): the person's rights under Ley 1581 de 2012 in one screen. They see everything held on
// them, correct it with the registration's rules, change e-mail or cédula with their password, download it all as
// JSON and delete the account.
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { registrationSchema } from '../../../shared/registration.ts';
import { firstIssueMessage } from '../../../shared/schemas.ts';
import { api, RequestError } from '../../api/request.ts';
import { DeliveryAddressFields } from '../../components/delivery-address-fields.tsx';
import { Field } from '../../components/field.tsx';
import { Notice, type NoticeTone } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { paths } from '../../paths.ts';
import { Link, useNavigate } from '../../router.tsx';
import { PhoneInput } from '../register/phone-input.tsx';
import {
  type Correction,
  correctionOf,
  describeActivity,
  formatDate,
  type PersonalData,
} from './my-data-api.ts';

type Result = { tone: NoticeTone; text: string } | null;

// The same field rules as registration, so the browser says what the server would.
const correctionSchema = registrationSchema.pick({
  name: true,
  telefono: true,
  direccion1: true,
  ciudad1: true,
  codigoPostal1: true,
  direccion2: true,
  ciudad2: true,
  codigoPostal2: true,
});

const errorText = (error: unknown) => (error instanceof Error ? error.message : messages.serverError);

/** A form's sending state: busy while `action` runs, then its success message or the error, as a notice. */
function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  async function run(action: () => Promise<string>) {
    setBusy(true);
    setResult(null);
    try {
      setResult({ tone: 'success', text: await action() });
    } catch (error) {
      setResult({ tone: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  return { busy, result, setResult, run };
}

export default function MyDataPage() {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'ready'; data: PersonalData } | { status: 'error'; message: string }
  >({ status: 'loading' });

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const data = await api.get<PersonalData>('/api/me/data', { signal });
      setState({ status: 'ready', data });
    } catch (error) {
      if (signal?.aborted) return;
      // A 401 is already on its way to /login (request.ts).
      if (error instanceof RequestError && error.status === 401) return;
      setState({ status: 'error', message: errorText(error) });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const refresh = useCallback(() => load(), [load]);

  return (
    <Page title="Mis datos">
      <h1>Mis datos</h1>
      <p className="lead">
        Aquí ves todos los datos personales que guardamos sobre ti. Puedes corregirlos, descargarlos o
        eliminar tu cuenta cuando quieras (Ley 1581 de 2012).
      </p>
      {state.status === 'loading' && <p role="status">{messages.loading}</p>}
      {state.status === 'error' && <Notice tone="error">{state.message}</Notice>}
      {state.status === 'ready' && (
        <>
          <HeldData data={state.data} />
          <CorrectionForm data={state.data} onSaved={(data) => setState({ status: 'ready', data })} />
          <EmailChangeForm data={state.data} onRequested={refresh} />
          <CedulaForm onSaved={(data) => setState({ status: 'ready', data })} />
          <ExportSection lockerNumber={state.data.lockerNumber} onDownloaded={refresh} />
          <DeleteSection lockerNumber={state.data.lockerNumber} />
        </>
      )}
      <p className="alternate">
        <Link to={paths.locker}>Volver a mi casillero</Link>
      </p>
    </Page>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const orNone = (value: string) => value || 'No registrado';

function addressLine(direccion: string, ciudad: string, codigoPostal: string) {
  return [direccion, ciudad, codigoPostal].filter((part) => part.trim() !== '').join(', ') || 'No registrada';
}

function HeldData({ data }: { data: PersonalData }) {
  return (
    <section className="card" aria-labelledby="held-heading">
      <h2 id="held-heading">Datos que guardamos</h2>
      <dl className="data-list">
        <Row label="Nombre completo">{data.name}</Row>
        <Row label="Nombre registrado">{data.registeredName}</Row>
        <Row label="Correo electrónico">
          {data.email} {data.emailVerified ? '(verificado)' : '(sin verificar)'}
        </Row>
        {data.correoPendiente && (
          <Row label="Cambio de correo pendiente">{data.correoPendiente} (falta abrir el enlace)</Row>
        )}
        <Row label="Cédula">{data.cedula}</Row>
        <Row label="Teléfono">{orNone(data.telefono)}</Row>
        <Row label="Dirección de entrega 1">
          {addressLine(data.direccion1, data.ciudad1, data.codigoPostal1)}
        </Row>
        <Row label="Dirección de entrega 2">
          {addressLine(data.direccion2, data.ciudad2, data.codigoPostal2)}
        </Row>
        <Row label="Número de casillero">{data.lockerNumber}</Row>
        <Row label="Dirección de la oficina en EE. UU.">
          <span className="data-list__multiline">{data.officeAddress}</span>
        </Row>
        <Row label="Código de referido">{data.refCode}</Row>
        <Row label="Referido por">{data.referredBy || 'Nadie'}</Row>
        <Row label="Tipo de cuenta">{data.role === 'admin' ? 'Administrador' : 'Cliente'}</Row>
        <Row label="Cuenta creada">{formatDate(data.createdAt)}</Row>
      </dl>
      <h3>Tu autorización para tratar tus datos</h3>
      <dl className="data-list">
        <Row label="Aceptaste la política de tratamiento de datos">{data.aceptoPolitica ? 'Sí' : 'No'}</Row>
        <Row label="Versión de la política">
          <Link to={paths.privacyPolicy}>{data.politicaVersion}</Link>
        </Row>
        <Row label="Fecha de aceptación">{formatDate(data.fechaAceptoPolitica)}</Row>
        <Row label="Dirección IP">{orNone(data.consentIp)}</Row>
        <Row label="Navegador">{orNone(data.consentUserAgent)}</Row>
      </dl>
      <details className="activity">
        <summary>Registro de actividad ({data.actividad.length})</summary>
        {data.actividad.length === 0 ? (
          <p>No hay actividad registrada.</p>
        ) : (
          <ol>
            {data.actividad.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.at}>{formatDate(entry.at)}</time>: {describeActivity(entry)}
                {entry.ip ? ` · IP ${entry.ip}` : ''}
              </li>
            ))}
          </ol>
        )}
      </details>
    </section>
  );
}

function CorrectionForm({ data, onSaved }: { data: PersonalData; onSaved: (data: PersonalData) => void }) {
  const [form, setForm] = useState<Correction>(() => correctionOf(data));
  const { busy, result, setResult, run } = useSubmission();
  const set = (field: keyof Correction) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = correctionSchema.safeParse(form);
    if (!checked.success) {
      setResult({ tone: 'error', text: firstIssueMessage(checked.error) });
      return;
    }
    await run(async () => {
      const saved = await api.patch<{ message: string; data: PersonalData }>('/api/me', checked.data);
      setForm(correctionOf(saved.data));
      onSaved(saved.data);
      return saved.message;
    });
  }

  return (
    <section className="card" aria-labelledby="correct-heading">
      <h2 id="correct-heading">Corregir mis datos</h2>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset disabled={busy}>
          <legend>Datos personales</legend>
          <Field
            id="name"
            label="Nombre completo"
            autoComplete="name"
            required
            maxLength={120}
            value={form.name}
            onValue={set('name')}
          />
          <PhoneInput value={form.telefono} onChange={set('telefono')} disabled={busy} />
        </fieldset>
        <DeliveryAddressFields value={form} onChange={(name, value) => set(name)(value)} disabled={busy} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Guardando...' : 'Guardar cambios'}
        </button>
        {result && <Notice tone={result.tone}>{result.text}</Notice>}
      </form>
    </section>
  );
}

/**
 * A change that needs the current password: one new value and the password, sent by `send`, which answers the
 * message to show. The e-mail and the cédula are changed this way.
 */
function PasswordProtectedChange(props: {
  id: string;
  heading: string;
  intro?: ReactNode;
  field: { label: string; type?: 'email'; inputMode?: 'numeric'; autoComplete?: string; maxLength: number };
  button: string;
  busyButton: string;
  send: (value: string, password: string) => Promise<string>;
}) {
  const [value, setValue] = useState('');
  const [password, setPassword] = useState('');
  const { busy, result, run } = useSubmission();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const message = await props.send(value, password);
      setValue('');
      setPassword('');
      return message;
    });
  }

  return (
    <section className="card" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.heading}</h2>
      {props.intro}
      <form className="form" onSubmit={submit}>
        <Field
          id={`new-${props.id}`}
          required
          value={value}
          onValue={setValue}
          disabled={busy}
          {...props.field}
        />
        <PasswordField
          id={`${props.id}-password`}
          label="Contraseña actual"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          disabled={busy}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? props.busyButton : props.button}
        </button>
        {result && <Notice tone={result.tone}>{result.text}</Notice>}
      </form>
    </section>
  );
}

function EmailChangeForm({ data, onRequested }: { data: PersonalData; onRequested: () => void }) {
  return (
    <PasswordProtectedChange
      id="email"
      heading="Cambiar correo electrónico"
      intro={
        <p>
          Tu correo actual es <strong>{data.email}</strong>. Te enviaremos un enlace al correo nuevo: el
          cambio se hace cuando lo abras, y hasta entonces sigues entrando con el actual.
        </p>
      }
      field={{ label: 'Nuevo correo electrónico', type: 'email', autoComplete: 'email', maxLength: 254 }}
      button="Cambiar correo"
      busyButton="Enviando..."
      send={async (newEmail, password) => {
        const { message } = await api.post<{ message: string }>('/api/me/email', { newEmail, password });
        onRequested();
        return message;
      }}
    />
  );
}

function CedulaForm({ onSaved }: { onSaved: (data: PersonalData) => void }) {
  return (
    <PasswordProtectedChange
      id="cedula"
      heading="Cambiar cédula"
      field={{ label: 'Nueva cédula', inputMode: 'numeric', maxLength: 20 }}
      button="Cambiar cédula"
      busyButton="Guardando..."
      send={async (cedula, password) => {
        const saved = await api.post<{ message: string; data: PersonalData }>('/api/me/cedula', {
          cedula,
          password,
        });
        onSaved(saved.data);
        return saved.message;
      }}
    />
  );
}

function ExportSection({ lockerNumber, onDownloaded }: { lockerNumber: string; onDownloaded: () => void }) {
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

function DeleteSection({ lockerNumber }: { lockerNumber: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const { message } = await api.post<{ message: string }>('/api/me/delete', { password });
      navigate(paths.login, { replace: true, state: { notice: message } });
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  }

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
      <form className="form" onSubmit={submit}>
        <PasswordField
          id="delete-password"
          label="Contraseña actual"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          disabled={busy}
        />
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? 'Eliminando...' : 'Eliminar mi cuenta'}
        </button>
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

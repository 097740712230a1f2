// SPEC.md §2 Registration (also /invite?ref=CODE): the checks of §5 in order, then the server checks them again.
import { type FormEvent, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { registrationProblem } from '../../../shared/registration.ts';
import { api, RequestError } from '../../api/request.ts';
import { DeliveryAddressFields } from '../../components/delivery-address-fields.tsx';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { paths } from '../../paths.ts';
import { Link, useNavigate, useSearchParams } from '../../router.tsx';
import { CaptchaField, useCaptcha } from './captcha-field.tsx';
import { PhoneInput } from './phone-input.tsx';

const EMPTY = {
  name: '',
  cedula: '',
  email: '',
  password: '',
  confirmPassword: '',
  telefono: '',
  direccion1: '',
  ciudad1: '',
  codigoPostal1: '',
  direccion2: '',
  ciudad2: '',
  codigoPostal2: '',
  captcha: '',
};

export default function RegisterPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const ref = (searchParams.get('ref') ?? '').trim().toUpperCase().slice(0, 40);
  const [form, setForm] = useState(EMPTY);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { captcha, failed, refresh } = useCaptcha();
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    const problem = registrationProblem({
      aceptoPolitica: consent,
      password: form.password,
      confirmPassword: form.confirmPassword,
    });
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await api.post(
        '/api/register',
        { ...form, captchaId: captcha?.id ?? '', aceptoPolitica: consent, ref },
        { allowUnauthenticated: true },
      );
      navigate(paths.login, { state: { notice: messages.registered } });
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : messages.serverError);
      // The server spends a captcha on every try: show a new one.
      setForm((current) => ({ ...current, captcha: '' }));
      refresh();
      setBusy(false);
    }
  }

  return (
    <Page title="Crear cuenta">
      <h1>Regístrate y crea tu casillero</h1>
      {ref && <Notice tone="info">Te invitó un amigo con el código {ref}.</Notice>}
      <form onSubmit={submit} className="form" aria-describedby="register-mail-note">
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
          <Field
            id="cedula"
            label="Cédula"
            inputMode="numeric"
            required
            maxLength={20}
            value={form.cedula}
            onValue={set('cedula')}
          />
          <Field
            id="email"
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={form.email}
            onValue={set('email')}
          />
          <PasswordField
            id="password"
            label="Contraseña"
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
            describedBy="password-hint"
          />
          <p className="field__hint" id="password-hint">
            {messages.passwordHelp}
          </p>
          <PasswordField
            id="confirmPassword"
            label="Confirmar contraseña"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            autoComplete="new-password"
          />
          <PhoneInput value={form.telefono} onChange={set('telefono')} disabled={busy} />
        </fieldset>
        <DeliveryAddressFields value={form} onChange={(name, value) => set(name)(value)} disabled={busy} />
        <CaptchaField
          captcha={captcha}
          failed={failed}
          onRefresh={refresh}
          value={form.captcha}
          onChange={set('captcha')}
          disabled={busy}
        />
        <div className="consent">
          <input
            id="consent"
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            disabled={busy}
          />
          <label htmlFor="consent">Acepto la política de privacidad</label>
          <p className="field__hint">
            Autorizo el tratamiento de mis datos personales para crear y operar mi casillero, según la{' '}
            <Link to={paths.privacyPolicy} target="_blank" rel="noopener">
              política de tratamiento de datos
            </Link>{' '}
            (Ley 1581 de 2012).
          </p>
        </div>
        <p className="field__hint" id="register-mail-note">
          Te enviaremos un correo para verificar tu cuenta. Revisa también la carpeta de Spam o correo no
          deseado.
        </p>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Registrando...' : 'Crear cuenta'}
        </button>
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
      </form>
      <p className="alternate">
        <button type="button" className="button button--secondary" onClick={() => navigate(paths.login)}>
          Ya tengo cuenta
        </button>
      </p>
    </Page>
  );
}

// design/product.md §2 Registration (also /invite?ref=CODE): the checks of §5 in order, then the server checks them
// again. Each message stands beside its field; on success /login opens with the e-mail in (design/product.md §4).

import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { Page } from '../../app/page.tsx';
import { useNavigate, useSearchParams } from '../../app/router.tsx';
import { EmailField, FullNameField } from '../../components/account-fields.tsx';
import { Field } from '../../components/field.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { useForm } from '../../components/use-form.ts';
import { register } from '../api.ts';
import { CaptchaField, useCaptcha } from '../captcha-field.tsx';
import { DeliveryAddressFields } from '../delivery-address-fields.tsx';
import { ConsentField } from './consent-field.tsx';
import { registrationCheck } from './registration-check.ts';
import { WhatsappField } from './whatsapp-field.tsx';

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
  aceptoPolitica: false,
  avisosWhatsapp: false,
};

// The schema (with zod and the phone rules, ~57 KB gzip) is fetched when the person starts filling the form (its first
// focus), long before it is sent, not while the page loads (issue 35: what loads before the person can act). The
// captcha's id and the referral code travel beside the form; the person types everything else.
let loading: ReturnType<typeof loadFormSchema> | null = null;
async function loadFormSchema() {
  const { registrationSchema } = await import('../../../shared/registration.ts');
  return registrationSchema.omit({ captchaId: true, ref: true });
}
function formSchema() {
  loading ??= loadFormSchema().catch((error: unknown) => {
    // A failed download (the network dropped) is tried again at the next submit.
    loading = null;
    throw error;
  });
  return loading;
}

/** What /login receives after a registration: the notice to show and the e-mail to fill in. */
interface RegisteredState {
  notice: string;
  email: string;
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const ref = (searchParams.get('ref') ?? '').trim().toUpperCase().slice(0, 40);
  const { captcha, failed, refresh } = useCaptcha();
  const form = useForm({
    initial: EMPTY,
    schema: formSchema,
    check: registrationCheck,
    async submit(data, values) {
      await register({ ...data, captchaId: captcha?.id ?? '', ref });
      const state: RegisteredState = { notice: messages.registered, email: values.email.trim() };
      navigate(paths.login, { state });
    },
    onFailure() {
      // The server spends a captcha on every try: a new one to type, and everything else stays as typed.
      form.set('captcha', '');
      refresh();
    },
  });
  const { values, errors, busy } = form;
  // A failure here is retried (and reported) on submit.
  const fetchSchema = () => formSchema().catch(() => {});

  return (
    <Page title="Crear cuenta">
      <h1>Regístrate y crea tu casillero</h1>
      {ref && <Notice tone="info">Te invitó un amigo con el código {ref}.</Notice>}
      <FormShell form={form} markRequired aria-describedby="register-mail-note" onFocus={fetchSchema}>
        <fieldset disabled={busy}>
          <legend>Datos personales</legend>
          <FullNameField {...form.field('name')} />
          <Field label="Cédula" inputMode="numeric" required maxLength={20} {...form.field('cedula')} />
          <EmailField {...form.field('email')} />
          <PasswordField
            label="Contraseña"
            autoComplete="new-password"
            hint={messages.passwordRules}
            {...form.field('password')}
          />
          <PasswordField
            label="Confirmar contraseña"
            autoComplete="new-password"
            {...form.field('confirmPassword')}
          />
          <PhoneInput disabled={busy} {...form.field('telefono')} />
          <WhatsappField
            phone={values.telefono}
            checked={values.avisosWhatsapp}
            onChange={(checked) => form.set('avisosWhatsapp', checked)}
            error={errors.avisosWhatsapp}
          />
        </fieldset>
        <DeliveryAddressFields field={form.field} disabled={busy} />
        <fieldset disabled={busy}>
          <legend>Confirma que eres tú</legend>
          <CaptchaField
            captcha={captcha}
            failed={failed}
            onRefresh={refresh}
            value={values.captcha}
            onChange={(value) => form.set('captcha', value)}
            error={errors.captcha}
          />
          <ConsentField
            checked={values.aceptoPolitica}
            onChange={(checked) => form.set('aceptoPolitica', checked)}
            error={errors.aceptoPolitica}
          />
        </fieldset>
        <p className="field__hint" id="register-mail-note">
          Te enviaremos un correo para verificar tu cuenta. Revisa también la carpeta de Spam o correo no
          deseado.
        </p>
        <SubmitButton busy={busy} label="Crear cuenta" busyLabel="Registrando..." />
        <FormError message={form.formError} />
      </FormShell>
      <p className="alternate">
        <button type="button" className="button button--secondary" onClick={() => navigate(paths.login)}>
          Ya tengo cuenta
        </button>
      </p>
    </Page>
  );
}

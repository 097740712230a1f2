// design/pqr.md 'What a customer files': 'Tipo', 'Paquete' (one of the customer's own; a visitor writes the 'Guía'),
// 'Descripción' with its live count, 'Adjuntos' (up to 5, uploaded first), how to answer ('Correo' with the address
// shown), and for a visitor their name, ID number, e-mail and the captcha of /register (a filing starts a legal clock
// and mails an address nobody verified). Filing answers the radicado and the due date at once.
import { useState } from 'react';
import type { PqrFiled } from '../../../shared/pqr/api-types.ts';
import {
  type CustomerFiling,
  customerFilingSchema,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  type VisitorFiling,
  visitorFilingSchema,
} from '../../../shared/pqr/forms.ts';
import {
  ANSWER_CHANNEL_LABELS,
  ANSWER_CHANNELS,
  PQR_TYPE_LABELS,
  PQR_TYPES,
} from '../../../shared/pqr/states.ts';
import { CaptchaField, useCaptcha } from '../../auth/captcha-field.tsx';
import { Field } from '../../components/field.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { RadioChoices } from '../../components/radio-choices.tsx';
import { choicesOf, SelectField } from '../../components/select-field.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { fileCustomerPqr, fileVisitorPqr } from '../api.ts';
import { AttachmentsField, attachmentsOf, validatingIds, withUploads } from '../attachments-field.tsx';

interface FilingValues {
  type: string;
  packageNumber: string;
  guide: string;
  description: string;
  channel: string;
  noGuide: boolean;
  attachments: File[];
  name: string;
  idNumber: string;
  email: string;
  captcha: string;
}

const EMPTY: FilingValues = {
  type: '',
  packageNumber: '',
  guide: '',
  description: '',
  channel: 'correo',
  noGuide: false,
  attachments: [],
  name: '',
  idNumber: '',
  email: '',
  captcha: '',
};

const TYPE_CHOICES = PQR_TYPES.map((type) => [type, PQR_TYPE_LABELS[type]] as const);
const CHANNEL_CHOICES = ANSWER_CHANNELS.map((channel) => [channel, ANSWER_CHANNEL_LABELS[channel]] as const);
const id = (field: string) => `pqr-${field}`;
const count = (text: string) =>
  `${text.length.toLocaleString('es-CO')} de ${DESCRIPTION_MAX.toLocaleString('es-CO')} caracteres (mínimo ${DESCRIPTION_MIN}).`;

/** What the schema reads: the chosen package as a number, and the files as the ids they will have. */
function bodyOf(values: FilingValues, visitor: boolean, captchaId: string) {
  const common = {
    type: values.type || undefined,
    description: values.description,
    channel: values.channel,
    noGuide: values.type === 'indemnizacion' && values.noGuide,
    attachments: validatingIds(values.attachments),
  };
  if (visitor)
    return {
      ...common,
      name: values.name,
      idNumber: values.idNumber,
      email: values.email,
      guide: values.guide,
      captchaId,
      captcha: values.captcha,
    };
  return { ...common, packageNumber: values.packageNumber ? Number(values.packageNumber) : null };
}

export function FilingForm(props: {
  /** The customer's address for 'Correo'; absent for a visitor, who types it. */
  email?: string;
  /** The customer's packages to choose from, as [number, label]. */
  packages?: ReadonlyArray<readonly [string, string]>;
  initialPackage?: string;
  /** Only the newest packages are offered: how many, when the customer has more. */
  newestOnly?: number;
  onFiled: (filed: PqrFiled) => void;
}) {
  const visitor = props.email === undefined;
  // A new key empties the form after a filing.
  const [round, setRound] = useState(0);
  const captcha = useCaptcha(visitor);
  const form = useForm<FilingValues, CustomerFiling | VisitorFiling, PqrFiled>({
    initial: { ...EMPTY, packageNumber: props.initialPackage ?? '' },
    input: (values) => bodyOf(values, visitor, captcha.captcha?.id ?? ''),
    schema: visitor ? visitorFilingSchema : customerFilingSchema,
    ids: id,
    async submit(data, values) {
      const body = await withUploads(data, values);
      // A visitor's filing is the one with a captcha (visitorFilingSchema).
      const filed = await ('captchaId' in body ? fileVisitorPqr(body) : fileCustomerPqr(body));
      form.setValues(EMPTY);
      setRound((now) => now + 1);
      if (visitor) captcha.refresh();
      props.onFiled(filed);
      return filed;
    },
    onFailure() {
      // The server spends a captcha on every try: a new one to type, and everything else stays as typed.
      if (!visitor) return;
      form.set('captcha', '');
      captcha.refresh();
    },
  });
  const { values } = form;
  const indemnity = values.type === 'indemnizacion';

  return (
    <FormShell form={form} markRequired>
      <SelectField
        id={id('type')}
        label="Tipo"
        required
        value={values.type}
        onValue={(value) => form.set('type', value)}
        options={choicesOf(TYPE_CHOICES)}
        empty="Elige el tipo"
        error={form.errors.type}
      />
      {visitor ? (
        <>
          <Field {...form.field('name')} label="Nombre" required autoComplete="name" maxLength={120} />
          <Field
            {...form.field('idNumber')}
            label="Número de documento"
            required
            hint="Cédula, cédula de extranjería o pasaporte."
            maxLength={20}
          />
          <Field
            {...form.field('email')}
            label="Correo electrónico"
            required
            type="email"
            autoComplete="email"
            hint="Te enviaremos el radicado y la respuesta a este correo."
            maxLength={254}
          />
          <Field
            {...form.field('guide')}
            label="Guía"
            hint="Opcional: el número de guía del paquete, si la PQR es sobre uno. Obligatorio para una solicitud de indemnización."
            maxLength={60}
          />
        </>
      ) : (
        <SelectField
          id={id('packageNumber')}
          label="Paquete"
          value={values.packageNumber}
          onValue={(value) => form.set('packageNumber', value)}
          options={choicesOf(props.packages ?? [])}
          empty="Ninguno en particular"
          hint={
            props.newestOnly
              ? `Opcional, salvo en una solicitud de indemnización. Aquí están tus ${props.newestOnly} paquetes más recientes; para otro, ábrelo en Mis paquetes y elige «Presentar una PQR sobre este paquete».`
              : 'Opcional, salvo en una solicitud de indemnización.'
          }
          error={form.errors.packageNumber}
        />
      )}
      <TextAreaField
        {...form.field('description')}
        label="Descripción"
        rows={6}
        maxLength={DESCRIPTION_MAX}
        hint={`Cuéntanos qué pasó y qué nos pides. ${count(values.description)}`}
      />
      <AttachmentsField
        key={round}
        {...attachmentsOf(form, id('attachments'))}
        hint="Opcional: fotos, la guía o la factura (PDF, JPG, PNG o WebP, hasta 10 MB cada uno)."
      />
      {indemnity && (
        <div className="field consent">
          <input
            id={id('noGuide')}
            type="checkbox"
            checked={values.noGuide}
            onChange={(event) => form.set('noGuide', event.target.checked)}
          />
          <label htmlFor={id('noGuide')}>No conservo la guía</label>
        </div>
      )}
      {visitor ? (
        <p className="field__hint">Te responderemos al correo que escribiste.</p>
      ) : (
        <RadioChoices
          name="pqr-channel"
          legend="Respuesta por"
          value={values.channel}
          choices={CHANNEL_CHOICES}
          hint={`Te escribiremos a ${props.email}; si eliges teléfono, además te llamaremos. Cada respuesta queda también aquí, en tu PQR.`}
          error={form.errors.channel}
          onValue={(channel) => form.set('channel', channel)}
        />
      )}
      {visitor && (
        <CaptchaField
          captcha={captcha.captcha}
          failed={captcha.failed}
          onRefresh={captcha.refresh}
          value={values.captcha}
          onChange={(value) => form.set('captcha', value)}
          error={form.errors.captcha}
        />
      )}
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy} label="Radicar PQR" busyLabel="Radicando..." />
    </FormShell>
  );
}

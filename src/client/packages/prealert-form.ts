// The pre-alert form, shared by /notify (new pre-alert, with its invoice) and a package's page (edit): its values,
// checked with the shared zod schema (the server runs the same one), the recognised carrier, the invoice check.
import { z } from 'zod';
import { centsToInput } from '../../shared/money.ts';
import type { PackageDetail } from '../../shared/packages/api-types.ts';
import {
  CARRIER_NAMES,
  guideProblem,
  normalizeGuide,
  recognizeCarrier,
} from '../../shared/packages/guides.ts';
import { prealertMessages, prealertSchema } from '../../shared/packages/prealert.ts';
import { useForm } from '../components/use-form.ts';
import type { PrealertBody } from './api.ts';
import { invoiceProblem } from './invoice-file.ts';

/** What the fields hold, as typed; `address` is the chosen address's text (the select's value). */
export interface PrealertValues {
  guide: string;
  store: string;
  content: string;
  declaredValue: string;
  quantity: string;
  address: string;
  instructions: string;
}

export type PrealertField = keyof PrealertValues | 'invoice';

/** Each field's element id (the edit form on a package's page uses the same ids: one form per page). */
export const fieldId = (field: PrealertField | (string & {})) => `prealert-${field}`;

export function emptyPrealert(addresses: string[]): PrealertValues {
  return {
    guide: '',
    store: '',
    content: '',
    declaredValue: '',
    quantity: '1',
    address: addresses[0] ?? '',
    instructions: '',
  };
}

export function prealertFromPackage(pkg: PackageDetail, addresses: string[]): PrealertValues {
  return {
    guide: pkg.guide,
    store: pkg.store,
    content: pkg.content,
    declaredValue: centsToInput(pkg.declaredValueCents),
    quantity: String(pkg.quantity),
    // The address may have been edited in 'Mis datos' since: then the choice (1 or 2) picks its current text.
    address: addresses[pkg.addressChoice - 1] ?? addresses[0] ?? '',
    instructions: pkg.instructions,
  };
}

/** The request body of the values; the select's text becomes 1 or 2. */
export function toBody(values: PrealertValues, addresses: string[]): PrealertBody {
  const quantity = values.quantity.trim();
  return {
    guide: values.guide,
    store: values.store,
    content: values.content,
    declaredValue: values.declaredValue.trim(),
    // An empty or non-numeric quantity fails the schema's own check, with its message.
    quantity: quantity === '' ? Number.NaN : Number(quantity),
    address: addresses.indexOf(values.address) === 1 ? 2 : 1,
    instructions: values.instructions,
  };
}

/** The carrier line under 'Número de guía': the recognised carrier, or the non-blocking hint when unknown. */
export function carrierHint(rawGuide: string): { text: string; known: boolean } | null {
  const guide = normalizeGuide(rawGuide);
  const carrier = recognizeCarrier(guide);
  if (carrier) return { text: `Transportadora: ${CARRIER_NAMES[carrier]}`, known: true };
  // Only once the guide could be stored: a half-typed guide is not yet worth a warning.
  if (guide && guideProblem(guide) === null) return { text: prealertMessages.unknownCarrier, known: false };
  return null;
}

/** The invoice chosen on /notify: none, or a file of a kind and size the server takes. */
const invoiceField = z.custom<File | null>(
  (file) => file === null || (file instanceof File && invoiceProblem(file) === null),
  { message: prealertMessages.invoiceInvalid },
);

/** /notify checks the invoice with the rest, so every message shows at once. */
export const prealertWithInvoiceSchema = prealertSchema.extend({ invoice: invoiceField });

/**
 * The pre-alert's form on useForm: the schema reads the request body made of the values (the address's text
 * becomes 1 or 2), and `submit` receives that body, which the server parses again.
 */
export function usePrealertForm<V extends PrealertValues, R>(options: {
  addresses: string[];
  initial: () => V;
  schema: z.ZodType<unknown>;
  submit: (body: PrealertBody, values: V) => Promise<R>;
}) {
  const { addresses } = options;
  return useForm({
    initial: options.initial,
    schema: options.schema,
    input: (values: V) => ({ ...values, ...toBody(values, addresses) }),
    ids: fieldId,
    submit: (_data, values) => options.submit(toBody(values, addresses), values),
  });
}

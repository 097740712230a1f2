// The pre-alert form's logic, shared by /notify (new pre-alert) and a package's page (edit): its values, the check
// with the shared zod schema (the server runs the same one), the recognised carrier, and the invoice file check.
import { centsToInput } from '../../shared/money.ts';
import type { PackageDetail } from '../../shared/packages/api-types.ts';
import {
  CARRIER_NAMES,
  guideProblem,
  normalizeGuide,
  recognizeCarrier,
} from '../../shared/packages/guides.ts';
import { prealertMessages, prealertSchema } from '../../shared/packages/prealert.ts';
import type { PrealertBody } from '../api/packages.ts';
import { RequestError } from '../api/request.ts';

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
export type FieldErrors = Partial<Record<PrealertField, string>>;

/** The fields in the order they are on screen: the first invalid one gets the focus. */
const FIELD_ORDER: readonly PrealertField[] = [
  'guide',
  'store',
  'content',
  'declaredValue',
  'quantity',
  'address',
  'instructions',
  'invoice',
];

/** Each field's element id (the edit form on a package's page uses the same ids: one form per page). */
export const fieldId = (field: PrealertField) => `prealert-${field}`;

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

/** The body when the values pass the shared schema; else the first message of each failing field. */
export function checkPrealert(
  values: PrealertValues,
  addresses: string[],
): { body: PrealertBody; errors: null } | { body: null; errors: FieldErrors } {
  const body = toBody(values, addresses);
  const result = prealertSchema.safeParse(body);
  if (result.success) return { body, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !errors[field as PrealertField])
      errors[field as PrealertField] = issue.message;
  }
  return { body: null, errors };
}

/** The field a refused save belongs next to, when the server's answer names one. */
export function serverErrorField(error: unknown): PrealertField | null {
  if (!(error instanceof RequestError)) return null;
  if (error.code === 'guide_taken') return 'guide';
  if (error.message === prealertMessages.addressInvalid) return 'address';
  if (error.message === prealertMessages.valueInvalid) return 'declaredValue';
  if (error.message === prealertMessages.quantityInvalid) return 'quantity';
  return null;
}

/** Moves the focus to the first field with an error, so the person lands where the fix is needed. */
export function focusFirstInvalid(errors: FieldErrors): void {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (first) document.getElementById(fieldId(first))?.focus();
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

export const INVOICE_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
const INVOICE_MAX_BYTES = 10 * 1024 * 1024;

/** The server checks the bytes; this spares sending 10 MB only to be refused for the name or the size. */
export function invoiceProblem(file: File): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const known = ['pdf', 'jpg', 'jpeg', 'png', 'webp'].includes(extension);
  if (!known || file.size === 0 || file.size > INVOICE_MAX_BYTES) return prealertMessages.invoiceInvalid;
  return null;
}

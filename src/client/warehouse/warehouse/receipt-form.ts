// The receiving form's values as typed, the request body made of them, and the shared schema that checks it (the
// server runs the same one), loaded after the first paint (receipt-rules.ts).
import { normalizeGuide } from '../../../shared/packages/guides.ts';
import type { ReceiptBody } from '../api.ts';
import { receiptRules } from './receipt-rules.ts';

/** What the fields hold, as typed: the body but for the photos, which upload apart (use-photo-uploads.ts). */
export type ReceiptValues = Omit<ReceiptBody, 'photoIds'>;

export type ReceiptField = keyof ReceiptBody;

export const receiptFieldId = (field: ReceiptField) => `receipt-${field}`;

export const emptyReceipt: ReceiptValues = {
  guide: '',
  lockerNumber: '',
  weightLb: '',
  lengthIn: '',
  widthIn: '',
  heightIn: '',
  condition: 'bueno',
  notes: '',
  location: '',
};

/** The guide as the server will compare it, or null (with nothing sent) when it cannot be one. */
export function lookupable(raw: string): string | null {
  const guide = normalizeGuide(raw);
  return /^[A-Z0-9]{6,40}$/.test(guide) ? guide : null;
}

/** The request body: the numbers trimmed, as the server's schema reads them. */
export function receiptBody(values: ReceiptValues, photoIds: string[]): ReceiptBody {
  return {
    ...values,
    lockerNumber: values.lockerNumber.trim(),
    weightLb: values.weightLb.trim(),
    lengthIn: values.lengthIn.trim(),
    widthIn: values.widthIn.trim(),
    heightIn: values.heightIn.trim(),
    photoIds,
  };
}

/** The shared receipt schema, once its download has arrived. */
export const receiptSchema = () => receiptRules().then((rules) => rules.receiptSchema);

/** A receipt that cannot go yet, said beside the field concerned (useForm places an error by its `field`). */
export class ReceiptFailure extends Error {
  constructor(
    message: string,
    readonly field: keyof ReceiptBody | (string & {}),
  ) {
    super(message);
  }
}

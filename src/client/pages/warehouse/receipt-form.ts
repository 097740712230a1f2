// The receiving form's logic: its values as typed, the check with the shared schema (the server runs the same one),
// and where a server refusal belongs on screen.
import { normalizeGuide } from '../../../shared/packages/guides.ts';
import type { Condition } from '../../../shared/warehouse/receipt.ts';
import { RequestError } from '../../api/request.ts';
import type { ReceiptBody } from '../../api/warehouse.ts';
import { receiptRules } from './receipt-rules.ts';

export interface ReceiptValues {
  guide: string;
  lockerNumber: string;
  weightLb: string;
  lengthIn: string;
  widthIn: string;
  heightIn: string;
  condition: Condition;
  notes: string;
}

export type ReceiptField = keyof ReceiptValues | 'photoIds';
export type ReceiptErrors = Partial<Record<ReceiptField, string>>;

/** The fields in the order they are on screen: the first invalid one gets the focus. */
const FIELD_ORDER: readonly ReceiptField[] = [
  'guide',
  'lockerNumber',
  'weightLb',
  'lengthIn',
  'widthIn',
  'heightIn',
  'condition',
  'photoIds',
  'notes',
];

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
};

/** The guide as the server will compare it, or null (with nothing sent) when it cannot be one. */
export function lookupable(raw: string): string | null {
  const guide = normalizeGuide(raw);
  return /^[A-Z0-9]{6,40}$/.test(guide) ? guide : null;
}

/** The request body, or each invalid field's message (the first per field), as the server would answer. */
export async function checkReceipt(
  values: ReceiptValues,
  photoIds: string[],
): Promise<{ body: ReceiptBody; errors?: undefined } | { errors: ReceiptErrors }> {
  const { receiptSchema } = await receiptRules();
  const body: ReceiptBody = {
    ...values,
    lockerNumber: values.lockerNumber.trim(),
    weightLb: values.weightLb.trim(),
    lengthIn: values.lengthIn.trim(),
    widthIn: values.widthIn.trim(),
    heightIn: values.heightIn.trim(),
    photoIds,
  };
  const result = receiptSchema.safeParse(body);
  if (result.success) return { body };
  const errors: ReceiptErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ReceiptField | undefined;
    if (field && FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** The field a 400 from the server is about (it answers with the shared schema's messages), or null. */
export async function serverErrorField(error: unknown): Promise<ReceiptField | null> {
  if (!(error instanceof RequestError) || error.status !== 400) return null;
  const { receiptMessages: text } = await receiptRules();
  const fields: Array<[string, ReceiptField]> = [
    [text.guideRequired, 'guide'],
    [text.lockerInvalid, 'lockerNumber'],
    [text.lockerUnknown, 'lockerNumber'],
    [text.weightInvalid, 'weightLb'],
    [text.measureInvalid, 'lengthIn'],
    [text.conditionInvalid, 'condition'],
    [text.tooManyPhotos, 'photoIds'],
  ];
  return fields.find(([message]) => message === error.message)?.[1] ?? null;
}

/** Moves the focus to the first field with an error, so the person lands where the fix is needed. */
export function focusFirstInvalid(errors: ReceiptErrors): void {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (first) document.getElementById(receiptFieldId(first))?.focus();
}

// 'Datos de facturación' (design/payments.md 'The electronic invoice'): who each invoice is made out to. The same
// schema runs in 'Mis datos' and on the server, and again before an invoice is sent, so a refusal is ours and in
// Spanish before the provider or DIAN ever sees it.
import { z } from 'zod';

/** The kinds of identity document DIAN's invoice takes for a buyer, with the screen's words. */
export const DOCUMENT_TYPES = [
  ['CC', 'Cédula de ciudadanía'],
  ['CE', 'Cédula de extranjería'],
  ['NIT', 'NIT'],
  ['PA', 'Pasaporte'],
  ['PPT', 'PPT'],
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number][0];
const documentTypeValues = DOCUMENT_TYPES.map(([value]) => value);

export const billingMessages = {
  documentType: 'Elige el tipo de documento.',
  documentMissing: 'Escribe el número de documento.',
  cedulaDigits: 'La cédula lleva solo números, entre 3 y 10 dígitos, sin puntos ni espacios.',
  foreignDigits: 'El número lleva solo números, entre 3 y 15 dígitos.',
  passport: 'El pasaporte lleva solo letras y números, entre 5 y 20.',
  nitFormat: 'Escribe el NIT con su dígito de verificación después de un guion, por ejemplo 890903938-8.',
  nitCheckDigit: 'El dígito de verificación del NIT no corresponde al número: revísalo.',
  name: 'Escribe el nombre completo o la razón social.',
  address: 'Escribe la dirección de facturación.',
  municipality: 'Escribe el municipio.',
  saved: 'Guardamos tus datos de facturación.',
} as const;

/** DIAN's check digit of a NIT: its digits weighted by primes from the right, modulo 11. */
export function nitCheckDigit(digits: string): number {
  const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
  const sum = [...digits]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  const rest = sum % 11;
  return rest > 1 ? 11 - rest : rest;
}

/** A NIT as written ('900.373.115-1', '900373115-1') split into its number and check digit, or null. */
export function splitNit(text: string): { number: string; checkDigit: number } | null {
  const match = /^(\d{6,15})-(\d)$/.exec(text.replace(/[.\s]/g, ''));
  if (!match?.[1] || match[2] === undefined) return null;
  return { number: match[1], checkDigit: Number(match[2]) };
}

/** Why `number` is not a valid document of `type`, or null when it is. */
export function documentNumberProblem(type: DocumentType, number: string): string | null {
  if (number.trim() === '') return billingMessages.documentMissing;
  switch (type) {
    case 'CC':
      return /^\d{3,10}$/.test(number) ? null : billingMessages.cedulaDigits;
    case 'CE':
    case 'PPT':
      return /^\d{3,15}$/.test(number) ? null : billingMessages.foreignDigits;
    case 'PA':
      return /^[A-Za-z0-9]{5,20}$/.test(number) ? null : billingMessages.passport;
    case 'NIT': {
      const nit = splitNit(number);
      if (!nit) return billingMessages.nitFormat;
      return nitCheckDigit(nit.number) === nit.checkDigit ? null : billingMessages.nitCheckDigit;
    }
  }
}

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);

export const billingDataSchema = z
  .object({
    documentType: z.enum(documentTypeValues, { error: billingMessages.documentType }),
    documentNumber: z.string({ error: billingMessages.documentMissing }).trim().max(30),
    name: text(billingMessages.name, 200),
    address: text(billingMessages.address, 200),
    municipality: text(billingMessages.municipality, 100),
  })
  .superRefine((data, context) => {
    const problem = documentNumberProblem(data.documentType, data.documentNumber);
    if (problem) context.addIssue({ code: 'custom', path: ['documentNumber'], message: problem });
  });
export type BillingData = z.output<typeof billingDataSchema>;
export type BillingDataInput = z.input<typeof billingDataSchema>;

/** The first problem of `data` as a field and a message (the form and the invoice's local refusal say it). */
export function billingDataProblem(data: BillingDataInput): { field: string; message: string } | null {
  const checked = billingDataSchema.safeParse(data);
  if (checked.success) return null;
  const [issue] = checked.error.issues;
  return {
    field: String(issue?.path[0] ?? 'documentNumber'),
    message: issue?.message ?? billingMessages.name,
  };
}

import { describe, expect, it } from 'vitest';
import { prealertMessages } from '../../shared/packages/prealert.ts';
import { invoiceProblem } from './invoice-file.ts';
import {
  carrierHint,
  emptyPrealert,
  type PrealertValues,
  prealertFromPackage,
  prealertWithInvoiceSchema,
  toBody,
} from './prealert-form.ts';

const ADDRESSES = ['Calle 45 # 12-30, Bogotá, 110111', 'Avenida 30 # 1-2, Cali, 760001'];

/** What useForm shows for the values: the first message of each failing field, by the issue's path. */
function checkPrealert(values: PrealertValues, addresses: string[], invoice: File | null = null) {
  const result = prealertWithInvoiceSchema.safeParse({ ...toBody(values, addresses), invoice });
  if (result.success) return { errors: null };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

describe('the pre-alert form', () => {
  it('sends the chosen address as 1 or 2, the value as text and the quantity as a number', () => {
    const values = { ...emptyPrealert(ADDRESSES), guide: '1z 999', declaredValue: ' 49.99 ', quantity: '3' };
    expect(toBody(values, ADDRESSES)).toMatchObject({ address: 1, declaredValue: '49.99', quantity: 3 });
    expect(toBody({ ...values, address: ADDRESSES[1]! }, ADDRESSES).address).toBe(2);
  });

  it("gives each failing field the shared schema's first message, and passes a good form", () => {
    const empty = checkPrealert({ ...emptyPrealert(ADDRESSES), quantity: '' }, ADDRESSES);
    expect(empty.errors).toEqual({
      guide: prealertMessages.guideRequired,
      content: 'Completa el campo Contenido.',
      declaredValue: prealertMessages.valueInvalid,
      quantity: prealertMessages.quantityInvalid,
    });
    const good = checkPrealert(
      { ...emptyPrealert(ADDRESSES), guide: '1Z999AA10123456784', content: 'Libros', declaredValue: '12,5' },
      ADDRESSES,
    );
    expect(good.errors).toBeNull();
    const threeDecimals = {
      ...emptyPrealert(ADDRESSES),
      guide: 'TBA123456789012',
      content: 'x',
      declaredValue: '1.234',
    };
    expect(checkPrealert(threeDecimals, ADDRESSES).errors).toEqual({
      declaredValue: prealertMessages.valueInvalid,
    });
  });

  it('fills the edit form from a package, with the value in dollars and the address by its choice', () => {
    const values = prealertFromPackage(
      {
        guide: 'X',
        store: '',
        content: 'c',
        declaredValueCents: 4905,
        quantity: 2,
        addressChoice: 2,
        instructions: '',
      } as never,
      ADDRESSES,
    );
    expect(values).toMatchObject({ declaredValue: '49,05', quantity: '2', address: ADDRESSES[1] });
  });

  it("takes 'Valor declarado (USD)' with a decimal comma or point, and Colombian thousands", () => {
    const base = { ...emptyPrealert(ADDRESSES), guide: 'TBA123456789012', content: 'Libros' };
    for (const typed of ['49,99', '49.99', ' 49,99 ']) {
      const parsed = prealertWithInvoiceSchema.safeParse({
        ...toBody({ ...base, declaredValue: typed }, ADDRESSES),
        invoice: null,
      });
      expect(parsed.success && parsed.data.declaredValue).toBe(4999);
    }
    const grouped = prealertWithInvoiceSchema.safeParse({
      ...toBody({ ...base, declaredValue: '1.500,50' }, ADDRESSES),
      invoice: null,
    });
    expect(grouped.success && grouped.data.declaredValue).toBe(150_050);
  });

  it('checks the invoice with the other fields, so every message shows at once', () => {
    const html = new File([new Uint8Array(10)], 'pagina.html');
    expect(checkPrealert({ ...emptyPrealert(ADDRESSES), content: 'x' }, ADDRESSES, html).errors).toEqual({
      guide: prealertMessages.guideRequired,
      declaredValue: prealertMessages.valueInvalid,
      invoice: prealertMessages.invoiceInvalid,
    });
  });
});

describe('the carrier under the guide', () => {
  it('names the carrier as the guide is typed, and only warns about an unknown one once it could be stored', () => {
    expect(carrierHint('1z 999-aa1 01234-56784')).toEqual({ text: 'Transportadora: UPS', known: true });
    expect(carrierHint('tba123456789012')?.text).toBe('Transportadora: Amazon');
    expect(carrierHint('')).toBeNull();
    expect(carrierHint('AB1')).toBeNull();
    expect(carrierHint('ABC-123456')).toEqual({ text: prealertMessages.unknownCarrier, known: false });
  });
});

describe('the invoice check before upload', () => {
  const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
  it('takes PDF, JPG, PNG and WebP up to 10 MB, by name and size; the server checks the bytes', () => {
    expect(invoiceProblem(file('factura.PDF', 100))).toBeNull();
    expect(invoiceProblem(file('foto.jpeg', 100))).toBeNull();
    expect(invoiceProblem(file('foto.webp', 10 * 1024 * 1024))).toBeNull();
    expect(invoiceProblem(file('foto.png', 10 * 1024 * 1024 + 1))).toBe(prealertMessages.invoiceInvalid);
    expect(invoiceProblem(file('pagina.html', 100))).toBe(prealertMessages.invoiceInvalid);
    expect(invoiceProblem(file('imagen.svg', 100))).toBe(prealertMessages.invoiceInvalid);
    expect(invoiceProblem(file('vacia.pdf', 0))).toBe(prealertMessages.invoiceInvalid);
  });
});

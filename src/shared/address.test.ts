import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFICE_ADDRESS } from '../server/config.ts';
import {
  checkoutFields,
  deliveryAddresses,
  formatSendToAddress,
  formatUsPhone,
  lockerAddressLine,
  parseOfficeAddress,
} from './address.ts';

describe('the send-to address', () => {
  const office = parseOfficeAddress(DEFAULT_OFFICE_ADDRESS)!;

  it('is the product name, the customer name, then the office address with the locker number on line 2', () => {
    expect(formatSendToAddress('CasilleroYa', 'Ana Pérez', '1334', DEFAULT_OFFICE_ADDRESS)).toBe(
      'CasilleroYa\nAna Pérez\n3750 W 16th Ave\nSuite 114 #1334\nHialeah, FL 33012\nUSA',
    );
  });

  it('splits the office address into the fields of a US checkout', () => {
    expect(office).toEqual({
      street: '3750 W 16th Ave',
      suite: 'Suite 114',
      city: 'Hialeah',
      state: 'FL',
      zip: '33012',
      country: 'USA',
    });
    expect(checkoutFields('Ana Pérez', '1334', office).map((field) => field.value)).toEqual([
      'Ana Pérez',
      '3750 W 16th Ave',
      'Suite 114 #1334',
      'Hialeah',
      'FL',
      '33012',
      'USA',
    ]);
  });

  it('writes the locker number once, in the same place in both views: address line 2, after the suite', () => {
    const block = formatSendToAddress('CasilleroYa', 'Ana Pérez', '1334', DEFAULT_OFFICE_ADDRESS);
    const fields = checkoutFields('Ana Pérez', '1334', office, { brand: 'CasilleroYa', phone: '3055550134' });
    expect(block.match(/1334/g)).toHaveLength(1);
    expect(fields.filter((field) => field.value.includes('1334')).map((field) => field.label)).toEqual([
      'Dirección línea 2 (Address line 2)',
    ]);
    // Every line of the block is a field's value (city, state and ZIP share one line on a label).
    const values = fields.map((field) => field.value);
    for (const line of block.split('\n'))
      expect(line === 'Hialeah, FL 33012' || values.includes(line), line).toBe(true);
    expect(lockerAddressLine({ ...office, suite: '' }, '1400')).toBe('#1400');
  });

  it("adds the brand as 'Company' and the office's US phone as checkouts show it, when given", () => {
    const fields = checkoutFields('Ana Pérez', '1334', office, { brand: 'CasilleroYa', phone: '3055550134' });
    expect(fields.find((field) => field.label === 'Empresa (Company)')?.value).toBe('CasilleroYa');
    expect(fields.at(-1)).toEqual({ label: 'Teléfono (Phone)', value: '(305) 555-0134' });
    expect(formatUsPhone('123')).toBe('123');
  });

  it('reads a suite on its own line, a ZIP+4 and a missing country', () => {
    expect(parseOfficeAddress('1 Main St\nSte 9\nHialeah, FL 33010-1234')).toEqual({
      street: '1 Main St',
      suite: 'Ste 9',
      city: 'Hialeah',
      state: 'FL',
      zip: '33010-1234',
      country: 'USA',
    });
    expect(parseOfficeAddress('Hialeah, FL 33010')).toBeNull();
    expect(parseOfficeAddress('Calle sin ciudad')).toBeNull();
  });
});

describe('the delivery addresses', () => {
  const record = { direccion1: 'Calle 1', ciudad1: 'Cali', codigoPostal1: '760001' };

  it('list address 1 as address, city and postal code', () => {
    expect(deliveryAddresses(record)).toEqual(['Calle 1, Cali, 760001']);
  });

  it('add address 2 only when it is not blank', () => {
    expect(
      deliveryAddresses({ ...record, direccion2: '   ', ciudad2: 'Bogotá', codigoPostal2: '1' }),
    ).toHaveLength(1);
    expect(
      deliveryAddresses({ ...record, direccion2: 'Carrera 2', ciudad2: 'Bogotá', codigoPostal2: '' }),
    ).toEqual(['Calle 1, Cali, 760001', 'Carrera 2, Bogotá']);
  });
});

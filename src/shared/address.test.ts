import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFICE_ADDRESS } from '../server/config.ts';
import { checkoutFields, deliveryAddresses, formatSendToAddress, parseOfficeAddress } from './address.ts';

describe('the send-to address', () => {
  it('is the product name, the customer name, the locker number and the office address, in that order', () => {
    expect(formatSendToAddress('CasilleroYa', 'Ana Pérez', '1334', DEFAULT_OFFICE_ADDRESS)).toBe(
      'CasilleroYa\nAna Pérez\nCasillero 1334\n3750 W 16th Ave, Suite 114\nHialeah, FL 33012\nUSA',
    );
  });

  it('splits the office address into the fields of a US checkout', () => {
    const office = parseOfficeAddress(DEFAULT_OFFICE_ADDRESS);
    expect(office).toEqual({
      street: '3750 W 16th Ave',
      suite: 'Suite 114',
      city: 'Hialeah',
      state: 'FL',
      zip: '33012',
      country: 'USA',
    });
    expect(checkoutFields('Ana Pérez', '1334', office!).map((field) => field.value)).toEqual([
      'Ana Pérez #1334',
      '3750 W 16th Ave',
      'Suite 114 #1334',
      'Hialeah',
      'FL',
      '33012',
      'USA',
    ]);
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

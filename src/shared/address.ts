// The customer's US address: the send-to text of design/product.md §2 and the same address split for store checkouts.

/** The office address split into the parts a US checkout form asks for. */
export interface OfficeAddress {
  street: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

const CITY_STATE_ZIP = /^(.+?),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const SUITE = /^(.*?),?\s*((?:Suite|Ste\.?|Unit|#)\s*[\w-]+)$/i;

/**
 * Reads OFFICE_ADDRESS: street lines (the suite after a comma on the first one or on a line of its own), then
 * "City, ST 12345", then optionally the country. Null when the text lacks the city, state and ZIP line.
 */
export function parseOfficeAddress(text: string): OfficeAddress | null {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const cityIndex = lines.findIndex((line) => CITY_STATE_ZIP.test(line));
  if (cityIndex < 1) return null;
  const [, city = '', state = '', zip = ''] = CITY_STATE_ZIP.exec(lines[cityIndex] ?? '') ?? [];
  let street = lines.slice(0, cityIndex).join(', ');
  let suite = '';
  const suiteMatch = SUITE.exec(street);
  if (suiteMatch?.[1]) {
    street = suiteMatch[1].trim();
    suite = suiteMatch[2] ?? '';
  }
  const country = lines.slice(cityIndex + 1).join(', ') || 'USA';
  return { street, suite, city, state, zip, country };
}

/**
 * Where the locker number goes: address line 2, after the office's suite ('Suite 114 #1334'), where US checkouts
 * keep a suite or unit and where MyUS and Aeropost put their account numbers. It is the only place the number is
 * written, so the warehouse reads it from one line of the label and nowhere else.
 */
export function lockerAddressLine(office: OfficeAddress, lockerNumber: string): string {
  return [office.suite, `#${lockerNumber}`].filter(Boolean).join(' ');
}

/**
 * design/product.md §2's send-to address, one line per line of a US label: the product name, the customer's name, then
 * the office address with the locker number on its second line (lockerAddressLine), then city, state and ZIP, and the
 * country. The same lines, split, are the checkout fields below.
 */
export function formatSendToAddress(
  brand: string,
  name: string,
  lockerNumber: string,
  officeAddress: string,
): string {
  const office = parseOfficeAddress(officeAddress);
  // The configuration refuses an office address without its city line (config.ts): this is only a safety net.
  if (!office) return [brand, name, `#${lockerNumber}`, officeAddress.trim()].join('\n');
  return [
    brand,
    name,
    office.street,
    lockerAddressLine(office, lockerNumber),
    `${office.city}, ${office.state} ${office.zip}`,
    office.country,
  ].join('\n');
}

/** '3055550134' → '(305) 555-0134', the way US checkouts show a phone; anything else is returned as it is. */
export function formatUsPhone(digits: string): string {
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

export interface CheckoutField {
  label: string;
  value: string;
}

/**
 * The send-to address as the separate fields of a US store's checkout form, with the very values of
 * formatSendToAddress; the brand as the optional 'Company' and the office's US phone (OFFICE_PHONE) when given.
 */
export function checkoutFields(
  name: string,
  lockerNumber: string,
  office: OfficeAddress,
  extra: { brand?: string; phone?: string } = {},
): CheckoutField[] {
  return [
    { label: 'Nombre completo (Full name)', value: name },
    ...(extra.brand ? [{ label: 'Empresa (Company)', value: extra.brand }] : []),
    { label: 'Dirección línea 1 (Address line 1)', value: office.street },
    { label: 'Dirección línea 2 (Address line 2)', value: lockerAddressLine(office, lockerNumber) },
    { label: 'Ciudad (City)', value: office.city },
    { label: 'Estado (State)', value: office.state },
    { label: 'Código postal (ZIP code)', value: office.zip },
    { label: 'País (Country)', value: office.country },
    ...(extra.phone ? [{ label: 'Teléfono (Phone)', value: formatUsPhone(extra.phone) }] : []),
  ];
}

/** A users record's delivery addresses: address 1, and address 2 only when it is not blank (design/product.md §2). */
export function deliveryAddresses(user: {
  direccion1: string;
  ciudad1: string;
  codigoPostal1: string;
  direccion2?: string | null;
  ciudad2?: string | null;
  codigoPostal2?: string | null;
}): string[] {
  const first = [user.direccion1, user.ciudad1, user.codigoPostal1]
    .map((part) => part.trim())
    .filter(Boolean);
  const list = [first.join(', ')];
  if (user.direccion2?.trim()) {
    list.push(
      [user.direccion2, user.ciudad2 ?? '', user.codigoPostal2 ?? '']
        .map((part) => part.trim())
        .filter(Boolean)
        .join(', '),
    );
  }
  return list;
}

// The customer's US address: the send-to text of SPEC.md §2 and the same address split for store checkouts.

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

/** SPEC.md §2: product name, customer name, locker number and office address, one per line. */
export function formatSendToAddress(
  brand: string,
  name: string,
  lockerNumber: string,
  officeAddress: string,
) {
  return [brand, name, `Casillero ${lockerNumber}`, officeAddress.trim()].join('\n');
}

export interface CheckoutField {
  label: string;
  value: string;
}

/** The send-to address as the separate fields of a US store's checkout form. */
export function checkoutFields(name: string, lockerNumber: string, office: OfficeAddress): CheckoutField[] {
  return [
    { label: 'Nombre completo (Full name)', value: `${name} #${lockerNumber}` },
    { label: 'Dirección línea 1 (Address line 1)', value: office.street },
    {
      label: 'Dirección línea 2 (Address line 2)',
      value: `${office.suite ? `${office.suite} ` : ''}#${lockerNumber}`,
    },
    { label: 'Ciudad (City)', value: office.city },
    { label: 'Estado (State)', value: office.state },
    { label: 'Código postal (ZIP code)', value: office.zip },
    { label: 'País (Country)', value: office.country },
  ];
}

/** The delivery addresses of a users record: address 1, and address 2 only when it is not blank (SPEC.md §2). */
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

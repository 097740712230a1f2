// Carriers' tracking numbers ('Número de guía'): one normal form for storing and comparing, and the carrier
// recognised from its pattern. An unknown pattern is only a warning: stores use many carriers.

export type Carrier = 'ups' | 'usps' | 'fedex' | 'dhl' | 'amazon';

export const CARRIER_NAMES: Record<Carrier, string> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  amazon: 'Amazon',
};

/**
 * Spaces and dashes removed, upper case, and USPS's '420' + ZIP (5 or 9 digits) routing prefix dropped: the
 * barcode on a USPS label carries it, the tracking number the store mails does not.
 */
export function normalizeGuide(raw: string): string {
  const compact = raw.replace(/[\s\-‐-―]+/g, '').toUpperCase();
  const usps = /^420(?:\d{5}|\d{9})(\d{20}|9\d{21})$/.exec(compact);
  if (usps?.[1] && (compact.length - usps[1].length === 8 || compact.length - usps[1].length === 12))
    return usps[1];
  return compact;
}

/** Patterns in the order they are tried: the first that matches names the carrier. */
const PATTERNS: ReadonlyArray<[Carrier, RegExp]> = [
  ['ups', /^1Z[0-9A-Z]{16}$/],
  ['amazon', /^TB[ACM]\d{12}$/],
  // FedEx Ground's 96-prefixed 22 digits before USPS's 22 digits (USPS's start with 91–95).
  ['fedex', /^96\d{20}$/],
  ['usps', /^9[1-5]\d{20}$/],
  ['usps', /^\d{20}$/],
  ['usps', /^[A-Z]{2}\d{9}US$/],
  ['fedex', /^\d{12}$|^\d{15}$/],
  ['fedex', /^\d{22}$/],
  ['dhl', /^\d{10,11}$/],
];

/** The carrier of a normalised guide, or null when no known pattern matches. */
export function recognizeCarrier(guide: string): Carrier | null {
  for (const [carrier, pattern] of PATTERNS) if (pattern.test(guide)) return carrier;
  return null;
}

export const GUIDE_MIN_LENGTH = 6;
export const GUIDE_MAX_LENGTH = 40;

/** Null when the normalised guide can be stored, else the Spanish reason. */
export function guideProblem(guide: string): string | null {
  if (guide.length === 0) return 'Escribe el número de guía.';
  if (!/^[A-Z0-9]+$/.test(guide)) return 'El número de guía solo admite letras y números.';
  if (guide.length < GUIDE_MIN_LENGTH || guide.length > GUIDE_MAX_LENGTH)
    return `El número de guía debe tener entre ${GUIDE_MIN_LENGTH} y ${GUIDE_MAX_LENGTH} letras y números.`;
  return null;
}

// Random and hostile request values for the fuzz tests (fast-check arbitraries).
import fc from 'fast-check';

export const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '%_\\',
    '\u0000',
    '\uD800',
    '👩‍👩‍👧‍👦'.repeat(50),
    'a'.repeat(70_000),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose.
    '${7*7}',
    '../../etc/passwd',
    '=cmd|" /C calc"!A0',
  ),
);
export const hostileValue = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);
export const payload = (keys: string[]) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...keys), hostileValue),
    fc.anything(),
    fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue]))),
  );
export const rawBody = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 500 }),
  fc.constantFrom('{', '[1,', 'null', '"x"', '{"a":'),
);

/** The registration form's fields (without 'ref'), the ones the hostile tests fill one at a time. */
export const REGISTRATION_FIELDS = [
  'name',
  'cedula',
  'email',
  'password',
  'confirmPassword',
  'telefono',
  'direccion1',
  'ciudad1',
  'codigoPostal1',
  'direccion2',
  'captchaId',
  'captcha',
  'aceptoPolitica',
] as const;

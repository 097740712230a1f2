// What the accounts API answers (src/server/auth, src/server/privacy, src/server/lockers): the signed-in person's
// record and everything 'Mis datos' shows. Types only: the browser and the server read the same shapes.

/** The two delivery addresses of SPEC.md §2 (address 1 required, address 2 optional). */
export interface DeliveryAddresses {
  direccion1: string;
  ciudad1: string;
  codigoPostal1: string;
  direccion2: string;
  ciudad2: string;
  codigoPostal2: string;
}

/** GET /api/me: the signed-in person's users record. */
export interface Me extends DeliveryAddresses {
  id: string;
  name: string;
  registeredName: string;
  email: string;
  emailVerified: boolean;
  cedula: string;
  telefono: string;
  lockerNumber: string;
  officeAddress: string;
  refCode: string;
  referredBy: string;
  aceptoPolitica: boolean;
  fechaAceptoPolitica: string;
  createdAt: string;
  role: string;
}

export interface ActivityEntry {
  id: number;
  at: string;
  action: string;
  ip: string;
  detail: Record<string, unknown> | null;
}

/** GET /api/me/data: the users document, the proof of consent and the person's activity. */
export interface PersonalData extends Omit<Me, 'id'> {
  politicaVersion: string;
  consentIp: string;
  consentUserAgent: string;
  /** An address asked for and not confirmed yet, or ''. */
  correoPendiente: string;
  actividad: ActivityEntry[];
}

/** PATCH /api/me and POST /api/me/cedula: the saved record. */
export interface PersonalDataSaved {
  message: string;
  data: PersonalData;
}

/** The answers that only confirm, in Spanish (e.g. POST /api/verify-email/resend, POST /api/me/email). */
export interface Confirmation {
  message: string;
}

/** GET /api/captcha: a new captcha to solve, drawn as SVG. */
export interface Captcha {
  id: string;
  svg: string;
}

/** POST /api/login: the screen the person's role starts on. */
export interface SignedIn {
  role: string;
  redirectTo: string;
}

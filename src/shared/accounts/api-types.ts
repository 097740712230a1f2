// What the accounts API answers (src/server/auth, src/server/privacy, src/server/lockers): the signed-in person's
// record and everything 'Mis datos' shows. Types only: the browser and the server read the same shapes.

import type { ExportedDelivery, ExportedPayment } from '../collections/api-types.ts';
import type { ExportedInvoice } from '../einvoice/api-types.ts';
import type { BillingData } from '../einvoice/billing-data.ts';
import type { PackageState } from '../packages/states.ts';

/** The two delivery addresses of design/product.md §2 (address 1 required, address 2 optional). */
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
  /** Set when the person deleted their data (the admin's list shows such lockers, marked). */
  deletedAt: string | null;
}

export interface ActivityEntry {
  id: number;
  at: string;
  action: string;
  ip: string;
  detail: Record<string, unknown> | null;
}

/** A package as the person's data lists it, in the export's Spanish field names. */
export interface ExportedPackage {
  numero: number;
  guia: string;
  transportadora: string;
  tienda: string;
  contenido: string;
  valorDeclaradoCentavos: number;
  cantidad: number;
  direccionEntrega: string;
  instrucciones: string;
  estado: PackageState;
  /** The weight as the database keeps it (e.g. '4.25'), or null before receipt. */
  pesoLb: string | null;
  creado: string;
  historial: { estado: PackageState; fecha: string; nota: string }[];
  archivos: { tipo: string; formato: string; bytes: number; fecha: string }[];
}

/** GET /api/me/data: the users document, the proof of consent, the person's packages and activity. */
export interface PersonalData extends Omit<Me, 'id' | 'deletedAt'> {
  politicaVersion: string;
  consentIp: string;
  consentUserAgent: string;
  /** An address asked for and not confirmed yet, or ''. */
  correoPendiente: string;
  paquetes: ExportedPackage[];
  actividad: ActivityEntry[];
  /** The deliveries of the person's parcels and their payments at the door (issue 20). */
  entregas: ExportedDelivery[];
  pagos: ExportedPayment[];
  /** 'Datos de facturación' as saved (null: the registration's stand) and the electronic invoices (issue 33). */
  datosFacturacion: BillingData | null;
  facturas: ExportedInvoice[];
}

/** PATCH /api/me and POST /api/me/cedula: the saved record. */
export interface PersonalDataSaved {
  message: string;
  data: PersonalData;
}

/** GET /api/me/delete: why 'Eliminar mi cuenta' would be refused now (said before the password is asked), or null. */
export interface DeletionCheck {
  refusal: string | null;
}

/** The answers that only confirm, in Spanish (e.g. POST /api/verify-email/resend, POST /api/me/email). */
export interface Confirmation {
  message: string;
}

/** GET /api/captcha: a new captcha to solve, drawn in SVG. */
export interface Captcha {
  id: string;
  svg: string;
}

/** POST /api/register (201): the new customer's locker. */
export interface Registered {
  message: string;
  lockerNumber: string;
}

/** GET /api/password-reset/check: the link still works (one that does not is a 400). */
export interface ResetLinkValid {
  valid: true;
}

/** POST /api/login: the screen the person's role starts on. */
export interface SignedIn {
  role: string;
  redirectTo: string;
}

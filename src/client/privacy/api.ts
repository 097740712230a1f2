// The 'Mis datos' screen's reads of GET /api/me/data (with the query key that caches it) and the words it shows for
// each audited action.
import type {
  ActivityEntry,
  DeletionCheck,
  DeliveryAddresses,
  PersonalData,
} from '../../shared/accounts/api-types.ts';
import { api } from '../app/request.ts';

export type { ActivityEntry, PersonalData } from '../../shared/accounts/api-types.ts';

export const myDataKeys = { data: ['me', 'data'] as const, deletion: ['me', 'deletion'] as const };

/** GET /api/me/data: everything the server holds on the person. */
export const getPersonalData = (signal?: AbortSignal) => api.get<PersonalData>('/api/me/data', { signal });

/** GET /api/me/delete: why deleting the account would be refused now, or null. */
export const getDeletionCheck = (signal?: AbortSignal) =>
  api.get<DeletionCheck>('/api/me/delete', { signal });

/** What 'Corregir mis datos' edits: the name, the phone and the two delivery addresses. */
export interface Correction extends DeliveryAddresses {
  name: string;
  telefono: string;
}

export function correctionOf(data: PersonalData): Correction {
  return {
    name: data.name,
    telefono: data.telefono,
    direccion1: data.direccion1,
    ciudad1: data.ciudad1,
    codigoPostal1: data.codigoPostal1,
    direccion2: data.direccion2,
    ciudad2: data.ciudad2,
    codigoPostal2: data.codigoPostal2,
  };
}

const ACTION_LABELS: Record<string, string> = {
  sign_in: 'Inicio de sesión',
  sign_in_failed: 'Intento de inicio de sesión fallido',
  sign_out: 'Cierre de sesión',
  password_reset: 'Cambio de contraseña',
  role_granted: 'Permiso de administrador otorgado',
  role_revoked: 'Permiso de administrador retirado',
  admin_export: 'Descarga de la lista de casilleros',
  data_export: 'Descarga de tus datos',
  data_updated: 'Corrección de datos',
  email_change_requested: 'Solicitud de cambio de correo',
  email_changed: 'Cambio de correo confirmado',
  account_deleted: 'Eliminación de la cuenta',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'nombre',
  telefono: 'teléfono',
  direccion1: 'dirección 1',
  ciudad1: 'ciudad 1',
  codigoPostal1: 'código postal 1',
  direccion2: 'dirección 2',
  ciudad2: 'ciudad 2',
  codigoPostal2: 'código postal 2',
  cedula: 'cédula',
};

/** 'Corrección de datos (nombre, teléfono)': the action in words, with the corrected fields when known. */
export function describeActivity(entry: ActivityEntry): string {
  const label = ACTION_LABELS[entry.action] ?? entry.action;
  const fields = entry.detail?.fields;
  if (!Array.isArray(fields) || fields.length === 0) return label;
  return `${label} (${fields.map((field) => FIELD_LABELS[String(field)] ?? String(field)).join(', ')})`;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('es-CO', { dateStyle: 'long', timeStyle: 'short' });
}

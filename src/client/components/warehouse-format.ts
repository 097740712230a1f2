// Times and dates as the Miami warehouse counts them, whatever the time zone of the device.
import { WAREHOUSE_TIME_ZONE } from '../../shared/dates.ts';

const time = new Intl.DateTimeFormat('es-CO', { timeStyle: 'short', timeZone: WAREHOUSE_TIME_ZONE });
const date = new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeZone: WAREHOUSE_TIME_ZONE });

const valid = (iso: string) => !Number.isNaN(new Date(iso).getTime());

/** '3:05 p. m.' */
export const formatTime = (iso: string) => (valid(iso) ? time.format(new Date(iso)) : iso);

/** '22 nov 2026' */
export const formatWarehouseDate = (iso: string) => (valid(iso) ? date.format(new Date(iso)) : iso);

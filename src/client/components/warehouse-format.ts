// Times and dates as the Miami warehouse counts them, whatever the time zone of the device ('3:05 p. m.',
// '22 nov 2026'): the one set in src/shared/dates.ts.
export { formatTime, formatWarehouseDate } from '../../shared/dates.ts';

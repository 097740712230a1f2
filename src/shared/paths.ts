// Every screen of the app in one place, so no URL is typed twice: the client's router table is built from it, the
// server serves index.html with 200 for exactly these (404 for anything else), and mailed links use its builders.
export const paths = {
  welcome: '/',
  login: '/login',
  register: '/register',
  invite: '/invite',
  locker: '/locker',
  notify: '/notify',
  /** Where an admin lands: 'Hoy', what waits for someone today (issue 37). */
  admin: '/admin',
  /** 'Lista de Casilleros' (design/product.md §2 Admin screen), one click from 'Hoy'. */
  adminLockers: '/admin/casilleros',
  verifyEmail: '/verificar-correo',
  resetPassword: '/restablecer-contrasena',
  privacyPolicy: '/politica-de-datos',
  myData: '/mis-datos',
  confirmEmail: '/confirmar-correo',
  packages: '/paquetes',
  calculator: '/calculadora',
  adminRates: '/admin/tarifas',
  /** The page of one package: `/paquetes/100001` (its route pattern is `packageDetailPattern`). */
  packageDetail: (number: number | string) => `/paquetes/${encodeURIComponent(String(number))}`,
  warehouse: '/bodega',
  /** A package's 4 × 6 in label: `/etiqueta/100001` (its route pattern is `labelPattern`). */
  label: (number: number | string) => `/etiqueta/${encodeURIComponent(String(number))}`,
  adminPackages: '/admin/paquetes',
  adminDispatches: '/admin/despachos',
  /** One dispatch: `/admin/despachos/3` (its route pattern is `dispatchDetailPattern`). */
  adminDispatch: (id: number | string) => `/admin/despachos/${encodeURIComponent(String(id))}`,
  /** The staff's 'Reparto': the day's delivery routes (design/delivery.md 'Routes'). */
  adminRoutes: '/admin/reparto',
  /** One delivery route: `/admin/reparto/7` (its route pattern is `routeDetailPattern`). */
  adminRoute: (id: number | string) => `/admin/reparto/${encodeURIComponent(String(id))}`,
  /** The courier's 'Mi ruta' (design/delivery.md 'The courier's screen'). */
  courierRoute: '/reparto',
  /** design/pqr.md: filing a PQR (customers and visitors) and the customer's PQR. */
  pqr: '/pqr',
  /** One PQR with its thread: `/pqr/PQR-2026-000123` (its route pattern is `pqrDetailPattern`). */
  pqrDetail: (radicado: string) => `/pqr/${encodeURIComponent(radicado)}`,
  /** The staff's PQR inbox (design/pqr.md 'Answering'). */
  adminPqr: '/admin/pqr',
  /** One PQR for the staff: `/admin/pqr/PQR-2026-000123` (its route pattern is `adminPqrDetailPattern`). */
  adminPqrDetail: (radicado: string) => `/admin/pqr/${encodeURIComponent(radicado)}`,
  /** The staff's 'Recaudos': collections, cash not closed, carriers' remittances (design/delivery.md 'Collections'). */
  adminCollections: '/admin/recaudos',
  /** A delivered package's 'Comprobante de pago': `/paquetes/100001/comprobante` (pattern `receiptPattern`). */
  receipt: (number: number | string) => `/paquetes/${encodeURIComponent(String(number))}/comprobante`,
  /** The 'Comprobante de pago' of its 'Saldo pendiente', once paid: `/paquetes/100001/comprobante?parte=saldo`. */
  balanceReceipt: (number: number | string) =>
    `/paquetes/${encodeURIComponent(String(number))}/comprobante?parte=saldo`,
  /** The staff's 'Avisos': the WhatsApp notices (design/notices.md 'What people see'). */
  adminNotices: '/admin/avisos',
  /** The staff's 'Pagos en línea': every online payment, filtered, with 'Reembolsar' and a CSV (issue 47 item 11). */
  adminPayments: '/admin/pagos',
  /** The staff's 'Facturas electrónicas' (design/payments.md 'The electronic invoice'). */
  adminInvoices: '/admin/facturas',
  /** The staff's view of one package: `/admin/paquetes/100001` (its route pattern is `adminPackagePattern`). */
  adminPackage: (number: number | string) => `/admin/paquetes/${encodeURIComponent(String(number))}`,
  /** Where Wompi's checkout returns: `/pagos/CY00000001` (its route pattern is `paymentPattern`). */
  payment: (reference: string) => `/pagos/${encodeURIComponent(reference)}`,
} as const;

export const packageDetailPattern = '/paquetes/:number';
export const labelPattern = '/etiqueta/:number';
export const dispatchDetailPattern = '/admin/despachos/:id';
export const routeDetailPattern = '/admin/reparto/:id';
export const pqrDetailPattern = '/pqr/:radicado';
export const adminPqrDetailPattern = '/admin/pqr/:radicado';

export const receiptPattern = '/paquetes/:number/comprobante';
export const adminPackagePattern = '/admin/paquetes/:number';
export const paymentPattern = '/pagos/:referencia';

/** Every screen's route pattern: the client's router must have a screen for each (its table is typed by this). */
export const SCREEN_PATTERNS = [
  ...Object.values(paths).filter((path) => typeof path === 'string'),
  packageDetailPattern,
  labelPattern,
  dispatchDetailPattern,
  routeDetailPattern,
  pqrDetailPattern,
  adminPqrDetailPattern,

  receiptPattern,
  adminPackagePattern,
  paymentPattern,
] as const;

export type ScreenPattern = (typeof SCREEN_PATTERNS)[number];

/**
 * A parameter of a screen's path is a number of up to nine digits (package numbers, dispatch and route ids), except those
 * named here: a radicado ('PQR-2026-000123', its format a setting) is letters, digits and inner dashes.
 */
const PARAMETER = /:([a-z]+)/gi;
const PARAMETER_SHAPES: Partial<Record<string, { matcher: string; sample: string }>> = {
  radicado: { matcher: '[A-Za-z0-9](?:[A-Za-z0-9-]{0,38}[A-Za-z0-9])?', sample: 'PQR-2026-000123' },
  referencia: { matcher: '[A-Z]{2}\\d{8}', sample: 'CY00000001' },
};
const NUMBER = { matcher: '\\d{1,9}', sample: '100001' };
const shapeOf = (name: string) => PARAMETER_SHAPES[name] ?? NUMBER;
const SCREEN_MATCHERS = SCREEN_PATTERNS.map(
  (pattern) => new RegExp(`^${pattern.replace(PARAMETER, (_, name: string) => shapeOf(name).matcher)}$`),
);

/** Whether a request path (without query) names one of the app's screens; a trailing slash is allowed. */
export function isScreenPath(path: string): boolean {
  const bare = path.replace(/\/+$/, '') || '/';
  return SCREEN_MATCHERS.some((matcher) => matcher.test(bare));
}

/** A pattern with each parameter replaced by a sample value: what the route test asks the server for. */
export function sampleScreenPath(pattern: string): string {
  return pattern.replace(PARAMETER, (_, name: string) => shapeOf(name).sample);
}

/** An absolute link to a screen for mails: `screenUrl(appUrl, paths.verifyEmail, { token })`. */
export function screenUrl(appUrl: string, path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${appUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

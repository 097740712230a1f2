// Every route of the app in one place, so no URL is typed twice; patterns with parameters have an href builder.
export const paths = {
  welcome: '/',
  login: '/login',
  register: '/register',
  invite: '/invite',
  locker: '/locker',
  notify: '/notify',
  admin: '/admin',
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
} as const;

export const packageDetailPattern = '/paquetes/:number';
export const labelPattern = '/etiqueta/:number';
export const dispatchDetailPattern = '/admin/despachos/:id';

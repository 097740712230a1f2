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
  /** The page of one package: `/paquetes/100001` (its route pattern is `packageDetailPattern`). */
  packageDetail: (number: number | string) => `/paquetes/${encodeURIComponent(String(number))}`,
} as const;

export const packageDetailPattern = '/paquetes/:number';

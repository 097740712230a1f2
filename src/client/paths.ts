// Every route of the app in one place, so no URL is typed twice.
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
} as const;

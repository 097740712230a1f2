// Every Spanish text the server sends or more than one screen shows. design/product.md §5 and §8 word for word.
export const messages = {
  consentRequired: 'Debes aceptar la política de privacidad.',
  passwordsDiffer: 'Las contraseñas no coinciden.',
  passwordWeak: 'La contraseña no cumple los requisitos de seguridad.',
  passwordHelp: 'Mínimo 8 caracteres, con mayúscula, minúscula, número y un símbolo (@#$%^&+=!).',
  /** Every rule the server applies to a new password (design/product.md §5 rule 3, the maximum and the common list). */
  passwordRules:
    'Mínimo 8 caracteres, con mayúscula, minúscula, número y un símbolo (@#$%^&+=!). Máximo 128 caracteres. No se aceptan contraseñas comunes ni fáciles de adivinar, como Password123! o Enero2026!.',
  passwordTooLong: 'La contraseña no puede tener más de 128 caracteres.',
  passwordCommon: 'Esa contraseña es demasiado común y fácil de adivinar. Elige otra.',
  captchaMismatch: 'El captcha no coincide.',
  captchaExpired: 'El captcha expiró. Escribe el nuevo código.',
  required: (field: string) => `Completa el campo ${field}.`,
  emailInvalid: 'Escribe un correo electrónico válido.',
  phoneInvalid: 'El número de teléfono no es válido para el país elegido.',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico.',
  registered:
    'Cuenta creada. Revisa tu correo para verificar tu cuenta (mira también en Spam o correo no deseado).',
  loginErrorPrefix: 'Error al iniciar sesión: ',
  loginInvalid: 'Correo o contraseña incorrectos.',
  userNotFound: 'Usuario no encontrado.',
  resetEmailRequired: 'Ingresa tu correo para restablecer la contraseña.',
  resetSent: 'Se envió un enlace a tu correo para restablecer la contraseña.',
  resetErrorPrefix: 'Error: ',
  resetLinkInvalid: 'El enlace para restablecer la contraseña no es válido o ya expiró. Pide uno nuevo.',
  resetDone: 'Tu contraseña fue cambiada. Inicia sesión con la nueva contraseña.',
  verifyLinkInvalid: 'El enlace de verificación no es válido o ya expiró. Pide uno nuevo.',
  verifyDone: 'Tu correo quedó verificado.',
  verifySent: 'Te enviamos un nuevo correo de verificación.',
  loadingLocker: 'Cargando datos del casillero...',
  loading: 'Cargando datos...',
  documentNotFound: 'Documento de usuario no encontrado',
  noUsers: 'No hay usuarios',
  notAvailable: 'N/A',
  noPhone: 'El usuario no tiene teléfono registrado.',
  unauthenticated: 'Inicia sesión para continuar.',
  forbidden: 'No tienes permiso para ver esta página.',
  crossOrigin: (appUrl: string) =>
    `La solicitud no viene de ${appUrl}: abre la aplicación desde esa dirección o configura APP_URL.`,
  notFound: 'No encontramos lo que buscas.',
  badJson: 'La solicitud no es válida. Revisa los datos e inténtalo de nuevo.',
  tooLarge: 'La solicitud es demasiado grande.',
  tooManyRequests: (seconds: number) =>
    `Demasiados intentos. Inténtalo de nuevo en ${seconds < 60 ? `${seconds} segundos` : `${Math.ceil(seconds / 60)} minutos`}.`,
  serverError: 'Algo salió mal de nuestro lado. Inténtalo de nuevo en unos minutos.',
  networkError: 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  adminSearchTooLong: 'La búsqueda admite hasta 100 caracteres.',
  adminPageInvalid: 'La página debe ser un número entero desde 1.',
  adminPageSizeInvalid: 'El tamaño de página debe ser un número entero entre 1 y 200.',
  newLocker: (name: string, email: string) => `Nuevo casillero: ${name} (${email})`,
  dataUpdated: 'Tus datos fueron actualizados.',
  /** A new phone withdraws the WhatsApp consent given for the old one (design/notices.md 'Consent first'). */
  dataUpdatedWhatsappOff:
    'Tus datos fueron actualizados. Como cambiaste tu teléfono, dejamos de avisarte por WhatsApp: si quieres los avisos en el nuevo número, actívalos de nuevo en «Avisos por WhatsApp».',
  cedulaUpdated: 'Tu cédula fue actualizada.',
  passwordIncorrect: 'La contraseña no es correcta.',
  emailChangeSame: 'Ese ya es tu correo actual.',
  emailChangeTaken: 'Ese correo ya está en uso en otra cuenta. Pide el cambio con otro correo.',
  emailChangeSent: (email: string) =>
    `Te enviamos un enlace de confirmación a ${email}. Tu correo no cambia hasta que abras ese enlace (revisa también Spam).`,
  emailChangeLinkInvalid:
    'El enlace para confirmar tu nuevo correo no es válido o ya expiró. Pide el cambio de nuevo desde Mis datos.',
  emailChanged: (email: string) => `Tu correo quedó cambiado a ${email}. Úsalo para iniciar sesión.`,
  accountDeleted: 'Tu cuenta fue eliminada: borramos tus datos personales y cerramos todas tus sesiones.',
  adminEmailUnverified:
    'Verifica tu correo electrónico para entrar a la administración: abre el enlace que te enviamos al registrarte.',
} as const;

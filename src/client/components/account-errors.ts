// Which field of the account forms (registration, new password) a message concerns, whether the browser's checks
// or the server said it, so it is shown beside that field.
import { messages } from '../../shared/messages.ts';

export type AccountField = 'email' | 'password' | 'confirmPassword' | 'captcha' | 'aceptoPolitica';

const BY_CODE: Record<string, AccountField> = {
  common_password: 'password',
  captcha_mismatch: 'captcha',
  captcha_expired: 'captcha',
  email_taken: 'email',
};

const BY_MESSAGE: Record<string, AccountField> = {
  [messages.consentRequired]: 'aceptoPolitica',
  [messages.passwordsDiffer]: 'confirmPassword',
  [messages.passwordWeak]: 'password',
  [messages.passwordTooLong]: 'password',
  [messages.passwordCommon]: 'password',
  [messages.captchaMismatch]: 'captcha',
  [messages.captchaExpired]: 'captcha',
  [messages.emailTaken]: 'email',
  [messages.emailInvalid]: 'email',
};

export function accountFieldOf(message: string, code: string): AccountField | undefined {
  return BY_CODE[code] ?? BY_MESSAGE[message];
}

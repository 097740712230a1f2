// Whether a password-reset link still works, read without spending it: /restablecer-contrasena asks as it opens,
// so a used or expired link is explained at once instead of after two passwords were typed.
import { z } from 'zod';
import type { Auth } from './auth.ts';

/** The same bounds as the token of POST /api/password-reset (newPasswordSchema). */
export const resetTokenSchema = z.string().trim().min(1).max(200);

/**
 * better-auth keeps each reset token as a verification value named `reset-password:<token>` holding the user id;
 * resetPassword refuses it when missing, expired or naming no user. The same three checks, through better-auth's
 * own adapter so that how it stores identifiers stays its business.
 */
export async function isResetTokenUsable(auth: Auth, token: string): Promise<boolean> {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || new Date(verification.expiresAt).getTime() <= Date.now()) return false;
  return (await context.internalAdapter.findUserById(verification.value)) !== null;
}

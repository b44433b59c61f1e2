// zod/mini keeps the auth island small; the endpoints validate with the same schemas.
import * as z from 'zod/mini';
import { AUTH } from './messages.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules.ts';

export const emailField = z
  .string(AUTH.email)
  .check(z.trim(), z.toLowerCase(), z.maxLength(254, AUTH.email), z.email(AUTH.email));

/** New passwords: 8 to 128 characters, no composition rules (the server also refuses common ones). */
export const newPasswordField = z
  .string(AUTH.passwordMin)
  .check(z.minLength(PASSWORD_MIN, AUTH.passwordMin), z.maxLength(PASSWORD_MAX, AUTH.passwordMax));

export const nameField = z
  .string(AUTH.nameMin)
  .check(z.trim(), z.minLength(2, AUTH.nameMin), z.maxLength(100, AUTH.nameMax));

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string(AUTH.passwordRequired)
    .check(z.minLength(1, AUTH.passwordRequired), z.maxLength(PASSWORD_MAX, AUTH.invalidCredentials)),
});

export const registerSchema = z.object({ name: nameField, email: emailField, password: newPasswordField });

export const emailOnlySchema = z.object({ email: emailField });

/** Activation and reset: the token from the link and the new password. */
export const tokenPasswordSchema = z.object({ token: z.string().check(z.maxLength(200)), password: newPasswordField });

export const changePasswordSchema = z.object({
  currentPassword: z
    .string(AUTH.passwordRequired)
    .check(z.minLength(1, AUTH.passwordRequired), z.maxLength(PASSWORD_MAX)),
  newPassword: newPasswordField,
});

export type LoginInput = z.output<typeof loginSchema>;
export type RegisterInput = z.output<typeof registerSchema>;

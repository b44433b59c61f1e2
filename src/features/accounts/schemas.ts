// zod/mini, as the other forms' schemas: the endpoints validate with these.
import * as z from 'zod/mini';
import { noControlCharacters, textOf } from '#lib/text-fields.ts';
import { AUTH } from './copy.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules.ts';

/** An account's e-mail: trimmed and lower-cased (how it is stored and compared), at most 254 characters. */
export const emailField = textOf({ required: AUTH.email, type: AUTH.email }).check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(254, AUTH.email),
  z.email(AUTH.email),
);

/** New passwords: 8 to 128 characters, no composition rules (the server also refuses common ones). */
export const newPasswordField = textOf({ required: AUTH.passwordMin, type: AUTH.passwordType }).check(
  z.minLength(PASSWORD_MIN, AUTH.passwordMin),
  z.maxLength(PASSWORD_MAX, AUTH.passwordMax),
);

/** A person's name as shown in the account and to the agency: 2-100 characters on one line. */
export const nameField = textOf({ required: AUTH.nameMin, type: AUTH.nameType }).check(
  z.trim(),
  noControlCharacters(AUTH.nameControl),
  z.minLength(2, AUTH.nameMin),
  z.maxLength(100, AUTH.nameMax),
);

export const loginSchema = z.object({
  email: emailField,
  /** Any non-empty password up to the maximum; the server says only 'Invalid email or password'. */
  password: textOf({ required: AUTH.passwordRequired, type: AUTH.passwordType }).check(
    z.minLength(1, AUTH.passwordRequired),
    z.maxLength(PASSWORD_MAX, AUTH.invalidCredentials),
  ),
});

/** Create an account: name, e-mail and a new password. */
export const registerSchema = z.object({ name: nameField, email: emailField, password: newPasswordField });

/** "E-mail me a link" (reset, new activation link). */
export const emailOnlySchema = z.object({ email: emailField });

/** Activation and reset: the token from the link and the new password. */
export const tokenPasswordSchema = z.object({ token: z.string().check(z.maxLength(200)), password: newPasswordField });

/** The current password where it is required: proves it is the owner at the keyboard. */
export const currentPasswordField = z
  .string(AUTH.passwordRequired)
  .check(z.minLength(1, AUTH.passwordRequired), z.maxLength(PASSWORD_MAX));

/** Change the password of the signed-in user. */
export const changePasswordSchema = z.object({
  currentPassword: currentPasswordField,
  newPassword: newPasswordField,
});

export type RegisterInput = z.output<typeof registerSchema>;

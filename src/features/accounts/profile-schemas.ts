// Server-only schemas of the account page's forms (kept apart from schemas.ts, which other forms share).
import * as z from 'zod/mini';
import { textOf } from '#lib/text-fields.ts';
import { AUTH, PROFILE } from './copy.ts';
import { PASSWORD_MAX } from './password-rules.ts';
import { currentPasswordField, emailField, nameField } from './schemas.ts';

/**
 * The profile form: name and e-mail. The current password is needed only when the e-mail
 * changes (the handler says so); a form sends an empty field, which counts as none.
 */
export const profileSchema = z.object({
  name: nameField,
  email: emailField,
  currentPassword: z.optional(z.string(AUTH.passwordType).check(z.maxLength(PASSWORD_MAX))),
});

/** Delete the account: the password, and the word typed out so it cannot happen by a stray click. */
export const deleteAccountSchema = z.object({
  currentPassword: currentPasswordField,
  confirm: textOf({ required: PROFILE.deleteConfirmMismatch, type: PROFILE.deleteConfirmMismatch }).check(
    z.trim(),
    z.maxLength(20, PROFILE.deleteConfirmMismatch),
    z.refine((value) => value.toUpperCase() === PROFILE.deleteConfirmWord, PROFILE.deleteConfirmMismatch),
  ),
});

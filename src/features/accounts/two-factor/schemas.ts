// zod/mini, as the other forms' schemas: the two-factor endpoints validate with these.
import * as z from 'zod/mini';
import { textOf } from '#lib/text-fields.ts';
import { PASSWORD_MAX } from '../password-rules.ts';
import { TWO_FACTOR } from './copy.ts';

/** A 6-digit code or a recovery code, as typed (spaces and dashes allowed; the server normalises). */
export const codeField = textOf({ required: TWO_FACTOR.codeRequired, type: TWO_FACTOR.codeType }).check(
  z.trim(),
  z.minLength(1, TWO_FACTOR.codeRequired),
  z.maxLength(40, TWO_FACTOR.codeTooLong),
);

const currentPassword = textOf({ required: TWO_FACTOR.passwordRequired, type: TWO_FACTOR.passwordRequired }).check(
  z.minLength(1, TWO_FACTOR.passwordRequired),
  z.maxLength(PASSWORD_MAX, TWO_FACTOR.wrongPassword),
);

/** The sign-in code step: POST /api/login/two-factor. */
export const signInCodeSchema = z.object({ code: codeField });

/** Turning it on (the code proves the app holds the key) and off: the current password and a code. */
export const passwordAndCodeSchema = z.object({ currentPassword, code: codeField });

/** New recovery codes: the current password. */
export const passwordSchema = z.object({ currentPassword });

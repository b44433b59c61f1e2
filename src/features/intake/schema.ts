// zod/mini: these schemas also run in the browser (the intake form's script).
import * as z from 'zod/mini';
import { noControlCharacters } from '#lib/text-fields.ts';
import { INTAKE_FIELDS, type IntakeField } from './fields.ts';
import { INTAKE } from './copy.ts';

export type IntakeData = Record<string, string>;

/** 7-15 digits written any usual way. */
const PHONE = /^\+?[\d\s().-]+$/;
const digits = (v: string) => v.replace(/\D/g, '').length;

/** One answer as a draft may hold it: trimmed text within its limit; blank is allowed. */
function draftField(field: IntakeField) {
  const base = z
    .string({ error: INTAKE.tooLong(field.label, field.max) })
    .check(
      z.trim(),
      noControlCharacters(INTAKE.control, { multiline: field.kind === 'textarea' }),
      z.maxLength(field.max, INTAKE.tooLong(field.label, field.max)),
    );
  if (field.options) {
    const allowed = new Set(field.options.map((o) => o.value));
    return base.check(z.refine((v) => allowed.has(v), INTAKE.choose));
  }
  return base;
}

/**
 * A draft save: any subset of the answers (unknown names are refused, so a typo in a field
 * name cannot silently drop an answer) and the version the browser last saw.
 */
export const draftSchema = z.object({
  version: z.number().check(z.int(), z.nonnegative()),
  data: z.strictObject(Object.fromEntries(INTAKE_FIELDS.map((f) => [f.name, z.optional(draftField(f))])), {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown question: ${issue.keys.join(', ')}` : undefined),
  }),
});

/** What submitting needs beyond a valid draft: the required answers, and well-formed contact details. */
export function submitProblems(data: IntakeData): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of INTAKE_FIELDS) {
    const value = (data[field.name] ?? '').trim();
    if (field.required && value === '') problems[field.name] = INTAKE.missing;
    else if (value && field.kind === 'email' && !z.email().safeParse(value).success)
      problems[field.name] = INTAKE.email;
    else if (value && field.kind === 'tel' && (!PHONE.test(value) || digits(value) < 7 || digits(value) > 15)) {
      problems[field.name] = INTAKE.phone;
    }
  }
  return problems;
}

// zod/mini: the same validation as zod with a fraction of the bytes, since this schema
// ships to the browser inside the contact form island.
import * as z from 'zod/mini';
import { CONTACT } from './messages.ts';

/** Trimmed text between `min` and `max` characters. */
const text = (min: number, minMessage: string, max: number, maxMessage: string) =>
  z.string(minMessage).check(z.trim(), z.minLength(min, minMessage), z.maxLength(max, maxMessage));

/** The contact form, shared by the island (instant feedback) and POST /api/contact (the rule). */
export const contactSchema = z.object({
  name: text(2, CONTACT.nameMin, 100, CONTACT.nameMax),
  email: z.string(CONTACT.email).check(z.trim(), z.maxLength(254, CONTACT.email), z.email(CONTACT.email)),
  subject: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(150, CONTACT.subjectMax))),
    z.transform((s) => s || undefined),
  ),
  message: text(10, CONTACT.messageMin, 5000, CONTACT.messageMax),
});

export type ContactInput = z.output<typeof contactSchema>;

/** Hidden from people, irresistible to form-filling bots: a filled one means spam. */
export const HONEYPOT_FIELD = 'website';

export type ContactField = keyof ContactInput;
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

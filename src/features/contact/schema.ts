// zod/mini: the same validation as zod with a fraction of the bytes, since this schema
// ships to the browser inside the contact form island.
import * as z from 'zod/mini';
import { noControlCharacters, textOf } from '#lib/text-fields.ts';
import { CONTACT } from './copy.ts';

/** Trimmed text between `min` and `max` characters; one line unless `multiline`. */
const text = (min: number, max: number, messages: { min: string; max: string; type: string }, multiline = false) =>
  textOf({ required: messages.min, type: messages.type }).check(
    z.trim(),
    noControlCharacters(multiline ? CONTACT.controlMultiline : CONTACT.controlSingleLine, { multiline }),
    z.minLength(min, messages.min),
    z.maxLength(max, messages.max),
  );

/** The contact form, shared by the island (instant feedback) and POST /api/contact (the rule). */
export const contactSchema = z.object({
  /** Who is writing: 2-100 characters on one line. */
  name: text(2, 100, { min: CONTACT.nameMin, max: CONTACT.nameMax, type: CONTACT.nameType }),
  /**
   * Where we answer: a valid address, at most 254 characters, lower-cased like every stored
   * address (the writer's lead and history are found by it).
   */
  email: textOf({ required: CONTACT.email, type: CONTACT.email }).check(
    z.trim(),
    z.maxLength(254, CONTACT.email),
    z.email(CONTACT.email),
    z.toLowerCase(),
  ),
  /** Optional, one line of at most 150 characters; blank means none. */
  subject: z.pipe(
    z.optional(
      textOf({ required: CONTACT.subjectType, type: CONTACT.subjectType }).check(
        z.trim(),
        noControlCharacters(CONTACT.controlSingleLine),
        z.maxLength(150, CONTACT.subjectMax),
      ),
    ),
    z.transform((s) => s || undefined),
  ),
  /** The message: 10-5000 characters, line breaks and tabs kept. */
  message: text(10, 5000, { min: CONTACT.messageMin, max: CONTACT.messageMax, type: CONTACT.messageType }, true),
});

export type ContactInput = z.output<typeof contactSchema>;

/** Hidden from people, irresistible to form-filling bots: a filled one means spam. */
export const HONEYPOT_FIELD = 'website';

export type ContactField = keyof ContactInput;
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

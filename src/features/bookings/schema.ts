/** What booking forms send: a slot by its start (ms since the epoch) and the visitor's details. */
import * as z from 'zod/mini';
import { noControlCharacters, textOf } from '#lib/text-fields.ts';
import { BOOKING_COPY as C } from './copy.ts';

const line = (min: number, max: number, message: string) =>
  textOf({ required: message, type: message }).check(
    z.trim(),
    noControlCharacters(C.controlCharacters),
    z.minLength(min, message),
    z.maxLength(max, message),
  );

/** A slot's start as the form sends it: milliseconds since the epoch. */
export const slotStart = z.pipe(
  textOf({ required: C.slotRequired, type: C.slotRequired }).check(z.trim(), z.regex(/^\d{12,14}$/, C.slotRequired)),
  z.transform((v) => new Date(Number(v))),
);

export const bookingSchema = z.object({
  /** The slot picked. */
  start: slotStart,
  /** 2-100 characters on one line. */
  name: line(2, 100, C.nameInvalid),
  /** Where the confirmation goes; stored lower-cased so it matches orders and messages. */
  email: z.pipe(
    textOf({ required: C.emailInvalid, type: C.emailInvalid }).check(
      z.trim(),
      z.maxLength(254, C.emailInvalid),
      z.email(C.emailInvalid),
    ),
    z.transform((v) => v.toLowerCase()),
  ),
  /** A number we can call: 7-15 digits, written any usual way. */
  phone: line(7, 30, C.phoneInvalid).check(
    z.refine((v) => /^\+?[\d\s().-]+$/.test(v) && /^\d{7,15}$/.test(v.replace(/\D/g, '')), C.phoneInvalid),
  ),
  /** Optional, at most 150 characters; blank means none. */
  business: z.pipe(
    z.optional(line(0, 150, C.businessInvalid)),
    z.transform((v) => v || null),
  ),
  /** What the call is about: 10-2000 characters, line breaks kept. */
  topic: textOf({ required: C.topicInvalid, type: C.topicInvalid }).check(
    z.trim(),
    noControlCharacters(C.controlCharacters, { multiline: true }),
    z.minLength(10, C.topicInvalid),
    z.maxLength(2000, C.topicInvalid),
  ),
});
export type BookingInput = z.output<typeof bookingSchema>;

/** The manage link's token, as the page posts it back. */
const token = z.string().check(z.trim(), z.maxLength(200));

export const cancelSchema = z.object({ token });
export const rescheduleSchema = z.object({ token, start: slotStart });

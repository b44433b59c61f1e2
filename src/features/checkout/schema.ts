// zod/mini: this schema also runs in the browser (the checkout page's script).
import * as z from 'zod/mini';
import { noControlCharacters, textOf } from '../../lib/text-fields.ts';
import { CHECKOUT } from './messages.ts';

/** At most this many extra pages in one order (the pricing data may allow fewer). */
export const MAX_EXTRA_PAGES = 50;

const oneLine = (messages: { required: string; type: string; max: string }, max: number, min = 1) =>
  textOf({ required: messages.required, type: messages.type }).check(
    z.trim(),
    noControlCharacters(CHECKOUT.controlSingleLine),
    z.minLength(min, messages.required),
    z.maxLength(max, messages.max),
  );

/** A checkbox: `on` (or any value) from a form, true from JSON; absent or false is unchecked. */
const checkbox = z.pipe(
  z.optional(z.union([z.boolean(), z.string()])),
  z.transform((v) => v === true || (typeof v === 'string' && v !== '' && v !== 'false')),
);

/** 7-15 digits, written any usual way: '(407) 555-0199', '+1 407-555-0199', '407.555.0199'. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const phoneDigits = (value: string) => value.replace(/\D/g, '').length;

/** The checkout form: shared by the page's script (instant messages) and POST /api/checkout (the rule). */
export const checkoutSchema = z.object({
  /** Who is buying: 2-100 characters on one line. */
  name: oneLine({ required: CHECKOUT.nameMin, type: CHECKOUT.nameMin, max: CHECKOUT.nameMax }, 100, 2),
  /** Where the confirmation, activation link and invoice go. */
  email: textOf({ required: CHECKOUT.email, type: CHECKOUT.email }).check(
    z.trim(),
    z.maxLength(254, CHECKOUT.email),
    z.email(CHECKOUT.email),
  ),
  /** A phone number with 7-15 digits. */
  phone: textOf({ required: CHECKOUT.phone, type: CHECKOUT.phone }).check(
    z.trim(),
    z.maxLength(30, CHECKOUT.phone),
    z.regex(PHONE_PATTERN, CHECKOUT.phone),
    z.refine((v) => phoneDigits(v) >= 7 && phoneDigits(v) <= 15, CHECKOUT.phone),
  ),
  /** The business the website is for. */
  businessName: oneLine(
    { required: CHECKOUT.businessName, type: CHECKOUT.businessName, max: CHECKOUT.businessNameMax },
    120,
  ),
  /** Pages beyond the plan's (custom reading); blank is none. */
  extraPages: z.pipe(
    z.optional(z.union([z.number(), z.string()])),
    z.transform((v, ctx) => {
      const n = v === undefined || v === '' ? 0 : Number(v);
      if (!Number.isInteger(n) || n < 0 || n > MAX_EXTRA_PAGES) {
        ctx.issues.push({
          code: 'custom',
          message: CHECKOUT.extraPages.replace('{max}', String(MAX_EXTRA_PAGES)),
          input: v,
        });
        return z.NEVER;
      }
      return n;
    }),
  ),
  /** Add the monthly plan to the build (custom reading). */
  monthly: checkbox,
  /** Agreement to /terms and /refund-policy: required. */
  terms: checkbox.check(z.refine((v) => v, CHECKOUT.terms)),
  /** Random per rendered form: a repeated submit finds the first order instead of making a second. */
  idempotencyKey: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid form key'))),
});

export type CheckoutInput = z.output<typeof checkoutSchema>;
export type CheckoutField = keyof CheckoutInput;

/** Anything that looks like a price sent by the browser is refused, not silently trusted or dropped. */
export const PRICE_LIKE_FIELD = /amount|price|total|cents|cost|fee/i;

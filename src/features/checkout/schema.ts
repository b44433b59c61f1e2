// zod/mini: this schema also runs in the browser (the checkout page's script).
import * as z from 'zod/mini';
import { pricing, type CheckoutOffer } from '#data/pricing.ts';
import { noControlCharacters, textOf } from '#lib/text-fields.ts';
import { CHECKOUT } from './copy.ts';

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

/**
 * Extra pages as sent: blank or absent is none. What `offer` does not sell, or more than it
 * sells, is refused with the field's message, never cut to what is on sale: the customer
 * must see the order they are placing.
 */
function extraPagesOf(offer: CheckoutOffer) {
  const max = offer.extraPage?.max ?? 0;
  const message = offer.extraPage ? CHECKOUT.extraPages.replace('{max}', String(max)) : CHECKOUT.extraPagesNotOffered;
  return z.pipe(
    z.optional(z.union([z.number(), z.string()], { error: message })),
    z.transform((v, ctx) => {
      // Digits only (no '1e1', '0x10' or '2.0'): what the number field sends.
      const n =
        v === undefined || v === '' ? 0 : typeof v === 'number' ? v : /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 0 || n > max) {
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      }
      return n;
    }),
  );
}

/** The checkout form for `offer`: shared by the page's script (instant messages) and POST /api/checkout (the rule). */
export const checkoutSchemaFor = (offer: CheckoutOffer) =>
  z.object({
    /** Who is buying: 2-100 characters on one line. */
    name: oneLine({ required: CHECKOUT.nameMin, type: CHECKOUT.nameMin, max: CHECKOUT.nameMax }, 100, 2),
    /** Where the confirmation, activation link and invoice go. */
    email: textOf({ required: CHECKOUT.email, type: CHECKOUT.email }).check(
      z.trim(),
      z.maxLength(254, CHECKOUT.email),
      z.email(CHECKOUT.email),
    ),
    /**
     * A phone number with 7-15 digits, as written, except that any run of white space (a tab, a
     * pasted no-break space) is stored as one space: the admin's search by phone
     * (orders.phone_digits) strips exactly '+().-' and spaces.
     */
    phone: z.pipe(
      textOf({ required: CHECKOUT.phone, type: CHECKOUT.phone }).check(
        z.trim(),
        z.maxLength(30, CHECKOUT.phone),
        z.regex(PHONE_PATTERN, CHECKOUT.phone),
        z.refine((v) => phoneDigits(v) >= 7 && phoneDigits(v) <= 15, CHECKOUT.phone),
      ),
      z.transform((v) => v.replace(/\s+/g, ' ')),
    ),
    /** The business the website is for. */
    businessName: oneLine(
      { required: CHECKOUT.businessName, type: CHECKOUT.businessName, max: CHECKOUT.businessNameMax },
      120,
    ),
    /** Pages beyond the plan's, up to the offer's maximum; refused where the offer sells none. */
    extraPages: extraPagesOf(offer),
    /** Add the monthly plan to the build; refused where the offer has no monthly plan. */
    monthly: offer.monthly ? checkbox : checkbox.check(z.refine((v) => !v, CHECKOUT.monthlyNotOffered)),
    /** Agreement to the purchase terms (/terms-of-service) and /refund-policy: required. */
    terms: checkbox.check(z.refine((v) => v, CHECKOUT.terms)),
    /** Random per rendered form: a repeated submit finds the first order instead of making a second. */
    idempotencyKey: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid form key'))),
    /** The lead whose prefilled link opened this checkout (one that names no lead is ignored). */
    lead: z.optional(z.string().check(z.regex(/^[a-z2-9]{16,40}$/, 'Invalid lead'))),
  });

/** The checkout form of this build's reading (PRICING_MODEL). */
export const checkoutSchema = checkoutSchemaFor(pricing.checkout);

export type CheckoutInput = z.output<ReturnType<typeof checkoutSchemaFor>>;

/** Anything that looks like a price sent by the browser is refused, not silently trusted or dropped. */
export const PRICE_LIKE_FIELD = /amount|price|total|cents|cost|fee/i;

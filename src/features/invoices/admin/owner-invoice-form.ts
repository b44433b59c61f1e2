/**
 * The owner's invoice form, one schema for the page's form and the endpoint (JSON sends the same
 * flat fields): the customer (an account id, chosen on the page), optionally one of their orders,
 * or the void invoice it corrects; up to MAX_LINES lines of description, quantity and unit price
 * in dollars (integer cents once parsed); the due day in Orlando; an optional note. Each line's
 * fields are named `line{n}Description`, `line{n}Quantity`, `line{n}Price` (n from 0), so a
 * refused plain form post comes back with every line as typed and the field to fix.
 */
import * as z from 'zod/mini';
import { noControlCharacters } from '#lib/text-fields.ts';
import { OWNER_INVOICES } from '../copy.ts';
import { agencyDay, agencyDayEnd, isCalendarDay } from './agency-days.ts';

export const MAX_LINES = 20;
const MAX_QUANTITY = 1000;
const MAX_UNIT_CENTS = 10_000_000;
const MAX_TOTAL_CENTS = 100_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A record's id as the forms carry it: accounts have UUIDs, orders and invoices shorter ids. */
export const ID_PATTERN = /^[A-Za-z0-9-]{16,40}$/;

export const lineField = (n: number, part: 'Description' | 'Quantity' | 'Price') => `line${n}${part}`;

/** An optional field: blank (the form's 'No order') is none, anything else must pass `schema`. */
const blankToNull = (schema: z.ZodMiniType<string, string>) =>
  z.pipe(
    z.optional(z.union([z.literal(''), schema])),
    z.transform((v: string | undefined): string | null => v || null),
  );

const typed = (max: number, message: string, multiline = false) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(max, message), noControlCharacters(message, { multiline }));

const lineShape: Record<string, z.ZodMiniType> = {};
for (let n = 0; n < MAX_LINES; n++) {
  lineShape[lineField(n, 'Description')] = z.optional(typed(200, OWNER_INVOICES.descriptionInvalid));
  lineShape[lineField(n, 'Quantity')] = z.optional(typed(20, OWNER_INVOICES.quantityInvalid));
  lineShape[lineField(n, 'Price')] = z.optional(typed(20, OWNER_INVOICES.priceInvalid));
}

/** Dollars as typed ('1499', '$1,499.50') to cents, exactly; null when it is not an amount. */
function cents(value: string): number | null {
  const plain = value.replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(plain)) return null;
  const [whole = '0', part = ''] = plain.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

export interface OwnerInvoiceLine {
  description: string;
  quantity: number;
  unitCents: number;
}

const dueSchema = z.string({ error: OWNER_INVOICES.dueInvalid }).check(
  z.trim(),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: OWNER_INVOICES.dueInvalid, abort: true }),
  z.refine(isCalendarDay, { error: OWNER_INVOICES.dueInvalid, abort: true }),
  // ISO days compare as text; 'today' is Orlando's.
  z.refine((day) => day >= agencyDay(Date.now()), { error: OWNER_INVOICES.duePast, abort: true }),
  z.refine((day) => day <= agencyDay(Date.now() + 366 * DAY_MS), OWNER_INVOICES.dueTooFar),
);

export const ownerInvoiceSchema = z.pipe(
  z
    .object({
      customer: z
        .string({ error: OWNER_INVOICES.customerInvalid })
        .check(z.regex(ID_PATTERN, OWNER_INVOICES.customerInvalid)),
      order: blankToNull(z.string().check(z.regex(ID_PATTERN, OWNER_INVOICES.orderInvalid))),
      replaces: blankToNull(z.string().check(z.regex(ID_PATTERN, OWNER_INVOICES.replacedNotFound))),
      due: dueSchema,
      note: blankToNull(typed(1000, OWNER_INVOICES.noteInvalid, true)),
      ...lineShape,
    })
    .check(
      z.superRefine((form, ctx) => {
        const values = form as Record<string, string | undefined>;
        let lines = 0;
        let total = 0;
        let last = 0;
        for (let n = 0; n < MAX_LINES; n++) {
          const description = values[lineField(n, 'Description')] ?? '';
          const quantity = values[lineField(n, 'Quantity')] ?? '';
          const price = values[lineField(n, 'Price')] ?? '';
          if (!description && !quantity && !price) continue;
          lines++;
          last = n;
          const issue = (part: 'Description' | 'Quantity' | 'Price', message: string) =>
            ctx.issues.push({ code: 'custom', message, input: form, path: [lineField(n, part)] });
          if (!description) issue('Description', OWNER_INVOICES.descriptionInvalid);
          const count = /^\d{1,4}$/.test(quantity) ? Number(quantity) : 0;
          if (count < 1 || count > MAX_QUANTITY) issue('Quantity', OWNER_INVOICES.quantityInvalid);
          const unit = cents(price);
          if (unit === null || unit < 1 || unit > MAX_UNIT_CENTS) issue('Price', OWNER_INVOICES.priceInvalid);
          else total += unit * Math.max(count, 0);
        }
        if (lines === 0) {
          ctx.issues.push({
            code: 'custom',
            message: OWNER_INVOICES.linesMissing,
            input: form,
            path: [lineField(0, 'Description')],
          });
        }
        if (total > MAX_TOTAL_CENTS)
          ctx.issues.push({
            code: 'custom',
            message: OWNER_INVOICES.totalTooLarge,
            input: form,
            path: [lineField(last, 'Price')],
          });
      }),
    ),
  z.transform((form) => {
    const values = form as Record<string, string | undefined>;
    const lines: OwnerInvoiceLine[] = [];
    for (let n = 0; n < MAX_LINES; n++) {
      const description = values[lineField(n, 'Description')] ?? '';
      if (!description) continue;
      lines.push({
        description,
        quantity: Number(values[lineField(n, 'Quantity')]),
        unitCents: cents(values[lineField(n, 'Price')] ?? '') ?? 0,
      });
    }
    return {
      customer: form.customer,
      order: form.order as string | null,
      replaces: form.replaces as string | null,
      // The end of the due day in Orlando (less a millisecond, so the day shown is the day chosen).
      dueAt: new Date(agencyDayEnd(form.due).getTime() - 1),
      note: form.note as string | null,
      lines,
    };
  }),
);

/**
 * The admin lists' query parameters, read with zod. A list is a GET page that people edit by
 * hand and bookmark: a parameter that does not validate is ignored (the list shows unfiltered)
 * rather than answered with an error. Dates are the exception (dateFilterErrors): a mistyped
 * day would silently widen a bookkeeper's range, so the list and its export refuse it.
 */
import * as z from 'zod/mini';
import { AUDIT_ACTIONS, INVOICE_KINDS, ORDER_STATUSES, SUBSCRIPTION_STATUSES } from '#server/db/schema.ts';
import { INVOICE_LIST_STATES } from '#features/invoices/admin/invoice-states.ts';
import { calendarDay, isCalendarDay } from '#features/invoices/admin/agency-days.ts';
import { ADMIN_LISTS } from '../copy.ts';
import { parseCursor, type Cursor } from './cursor.ts';

const search = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
const entity = z.string().check(z.trim(), z.regex(/^[a-z][a-z0-9_-]{0,39}$/));

export const FILTER_SCHEMAS = {
  orders: { q: search, status: z.enum(ORDER_STATUSES) },
  messages: { q: search, state: z.enum(['open', 'handled']) },
  customers: { q: search },
  subscriptions: { status: z.enum(SUBSCRIPTION_STATUSES) },
  audit: { action: z.enum(AUDIT_ACTIONS), entity },
  /** Issued on or after `from` and on or before `to` (days in Orlando): the accountant's range. */
  invoices: {
    q: search,
    state: z.enum(INVOICE_LIST_STATES),
    kind: z.enum(INVOICE_KINDS),
    from: calendarDay,
    to: calendarDay,
  },
  /** The bookkeeper's ledger (export only): received or credited on or after `from`, on or before `to`. */
  payments: { from: calendarDay, to: calendarDay },
} as const;

export type ListKind = keyof typeof FILTER_SCHEMAS;
export type Filters<K extends ListKind> = {
  [F in keyof (typeof FILTER_SCHEMAS)[K]]?: (typeof FILTER_SCHEMAS)[K][F] extends z.ZodMiniType<infer O> ? O : never;
};

export const isListKind = (value: string): value is ListKind => Object.hasOwn(FILTER_SCHEMAS, value);

/** The filters `schemas` describe, read from `params`: invalid or empty ones are left out. */
export function parseFilters<S extends Record<string, z.ZodMiniType>>(
  schemas: S,
  params: URLSearchParams,
): { [F in keyof S]?: z.output<S[F]> } {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const result = z.safeParse(schema, params.get(name) ?? undefined);
    if (result.success) out[name] = result.data;
  }
  return out as { [F in keyof S]?: z.output<S[F]> };
}

/** The valid filters of `kind` in `params`; invalid or empty ones are left out. */
export const readFilters = <K extends ListKind>(kind: K, params: URLSearchParams): Filters<K> =>
  parseFilters(FILTER_SCHEMAS[kind], params) as Filters<K>;

export const readCursor = (params: URLSearchParams): Cursor | null => parseCursor(params.get('after'));

/** `path?filters` (and `after` when given), for links that keep the list's filters. */
export function listHref(path: string, filters: Record<string, unknown>, after?: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (typeof value === 'string') params.set(name, value);
  if (after) params.set('after', after);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The date filters of each list that has them: checked, never ignored. */
const DATE_FILTERS: Partial<Record<ListKind, readonly ('from' | 'to')[]>> = {
  invoices: ['from', 'to'],
  payments: ['from', 'to'],
};

/** A date parameter as typed: absent or empty (no filter), or a real day written YYYY-MM-DD. */
const dateParam = z.optional(
  z.string().check(
    z.trim(),
    z.refine((day) => day === '' || (/^\d{4}-\d{2}-\d{2}$/.test(day) && isCalendarDay(day)), {
      error: ADMIN_LISTS.dateInvalid,
    }),
  ),
);

/**
 * What is wrong with the date filters of `kind` in `params`, by field ({ from: ['Enter a real
 * day…'] }), or null when they are absent, empty or real days.
 */
export function dateFilterErrors(kind: ListKind, params: URLSearchParams): Record<string, string[]> | null {
  const fields = DATE_FILTERS[kind] ?? [];
  const schema = z.object(Object.fromEntries(fields.map((field) => [field, dateParam])));
  const result = z.safeParse(
    schema,
    Object.fromEntries(fields.map((field) => [field, params.get(field) ?? undefined])),
  );
  if (result.success) return null;
  return z.flattenError(result.error).fieldErrors as Record<string, string[]>;
}

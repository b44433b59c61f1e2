/**
 * What /admin/invoices/new shows: customer accounts found by the start of an e-mail or a name,
 * the chosen customer with the orders an invoice may be for (not ended), or the void invoice a
 * corrected one replaces, with its lines to prefill the form.
 */
import { and, asc, desc, eq, inArray, ne, notInArray, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { invoices, orders, users } from '#server/db/schema.ts';
import { findInvoice, type InvoiceWithLines } from '../invoices.server.ts';
import { ID_PATTERN } from './owner-invoice-form.ts';

const FOUND_LIMIT = 20;

/** `%` and `_` typed into a search are text, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (column: AnyColumn, pattern: string) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;

export interface ChosenCustomer {
  id: string;
  name: string;
  email: string;
  orders: { id: string; businessName: string; status: string; createdAt: Date }[];
}

export type NewInvoicePage =
  | { mode: 'find'; query: string; found: { id: string; name: string; email: string }[] }
  | { mode: 'new'; customer: ChosenCustomer }
  | { mode: 'correct'; replaced: InvoiceWithLines; replacedBy: { id: string; number: string } | null }
  | { mode: 'missing' };

async function customerOf(db: Db, id: string): Promise<ChosenCustomer | null> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), ne(users.status, 'deleted')));
  if (!user) return null;
  const theirs = await db
    .select({ id: orders.id, businessName: orders.businessName, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.userId, user.id), notInArray(orders.status, ['canceled', 'refunded'])))
    .orderBy(desc(orders.createdAt))
    .limit(50);
  return { ...user, orders: theirs };
}

/** The page for `?q=` (find), `?customer=` (a new invoice) or `?replaces=` (a correction). */
export async function newInvoicePage(db: Db, params: URLSearchParams): Promise<NewInvoicePage> {
  const replaces = params.get('replaces') ?? '';
  if (ID_PATTERN.test(replaces)) {
    const replaced = await findInvoice(db, replaces);
    if (replaced?.kind !== 'invoice') return { mode: 'missing' };
    const [live] = await db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.replaces, replaced.id), inArray(invoices.status, ['open', 'paid'])));
    return { mode: 'correct', replaced, replacedBy: live ?? null };
  }
  const customerId = params.get('customer') ?? '';
  if (ID_PATTERN.test(customerId)) {
    const customer = await customerOf(db, customerId);
    return customer ? { mode: 'new', customer } : { mode: 'missing' };
  }
  const query = (params.get('q') ?? '').trim().slice(0, 100);
  if (!query) return { mode: 'find', query, found: [] };
  const prefix = `${escapeLike(query.toLowerCase())}%`;
  const found = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        ne(users.status, 'deleted'),
        eq(users.role, 'customer'),
        or(like(users.email, prefix), like(users.name, prefix), like(users.name, `% ${prefix}`)),
      ),
    )
    .orderBy(asc(users.email))
    .limit(FOUND_LIMIT);
  return { mode: 'find', query, found };
}

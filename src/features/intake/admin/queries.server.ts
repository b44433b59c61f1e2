/**
 * What the admin's website-info screens read: every intake (drafts included, so the agency can
 * see who has started), newest change first with keyset pages, and one intake in full with its
 * customer, order and files.
 */
import { and, asc, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { intakeFiles, intakes, orders, users } from '#server/db/schema.ts';
import type { IntakeData } from '../schema.ts';

export const PAGE_SIZE = 50;

export type IntakeState = (typeof intakes.$inferSelect)['status'];

export interface IntakeListFilter {
  /** Business name (anywhere in it) or the customer's e-mail (from its start). */
  q?: string;
  state?: IntakeState;
  /** The cursor of the previous page's last row (cursorOf). */
  after?: Cursor | null;
  limit?: number;
}

export interface Cursor {
  updatedAt: number;
  id: string;
}

/** `1732300000000-abcd…`: the last row's updated_at (ms) and id, all a keyset page needs. */
export const cursorOf = (row: { updatedAt: Date; id: string }) => `${row.updatedAt.getTime()}-${row.id}`;

const CURSOR = /^(\d{1,15})-([a-z0-9]{1,64})$/;

/** The cursor in `?after=`, or null for anything else (the first page, rather than an error page). */
export function parseCursor(value: string | null | undefined): Cursor | null {
  const match = CURSOR.exec(value ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { updatedAt: Number(match[1]), id: match[2] };
}

/** LIKE treats % and _ as wildcards: a search for "50%" must mean those characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const businessName = sql<string | null>`json_extract(${intakes.data}, '$.businessName')`;

export interface IntakeListRow {
  id: string;
  orderId: string;
  status: IntakeState;
  businessName: string;
  email: string;
  updatedAt: Date;
  submittedAt: Date | null;
  files: number;
}

/** One page of intakes, newest change first; `next` is the cursor of the following page, if any. */
export async function listIntakes(
  db: Db,
  { q, state, after, limit = PAGE_SIZE }: IntakeListFilter = {},
): Promise<{ rows: IntakeListRow[]; next: string | null }> {
  const where: SQL[] = [];
  if (state) where.push(eq(intakes.status, state));
  const query = q?.trim();
  if (query) {
    const term = escapeLike(query);
    // SQLite's LIKE ignores ASCII case, which is what a search box should do.
    const byName = sql`${businessName} LIKE ${`%${term}%`} ESCAPE '\\'`;
    const byEmail = sql`${users.email} LIKE ${`${term}%`} ESCAPE '\\'`;
    where.push(or(byName, byEmail) as SQL);
  }
  if (after) {
    const at = new Date(after.updatedAt);
    where.push(or(lt(intakes.updatedAt, at), and(eq(intakes.updatedAt, at), lt(intakes.id, after.id))) as SQL);
  }
  const found = await db
    .select({
      id: intakes.id,
      orderId: intakes.orderId,
      status: intakes.status,
      businessName,
      email: users.email,
      updatedAt: intakes.updatedAt,
      submittedAt: intakes.submittedAt,
      files: sql<number>`(select count(*) from ${intakeFiles} where ${intakeFiles.intakeId} = ${intakes.id})`,
    })
    .from(intakes)
    .innerJoin(users, eq(users.id, intakes.userId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(intakes.updatedAt), desc(intakes.id))
    // One more than a page tells whether there is a next page without counting.
    .limit(limit + 1);
  const rows = found.slice(0, limit).map((r) => ({
    ...r,
    businessName: typeof r.businessName === 'string' ? r.businessName.trim() : '',
    files: Number(r.files),
  }));
  const last = rows.at(-1);
  return { rows, next: found.length > limit && last ? cursorOf(last) : null };
}

/** One intake for the admin: answers, customer, order and files (oldest first); null if unknown. */
export async function intakeDetail(db: Db, id: string) {
  const [row] = await db
    .select({
      intake: intakes,
      customer: { id: users.id, name: users.name, email: users.email },
      order: {
        id: orders.id,
        status: orders.status,
        name: orders.name,
        email: orders.email,
        phone: orders.phone,
        businessName: orders.businessName,
      },
    })
    .from(intakes)
    .innerJoin(users, eq(users.id, intakes.userId))
    .innerJoin(orders, eq(orders.id, intakes.orderId))
    .where(eq(intakes.id, id));
  if (!row) return null;
  const files = await db
    .select()
    .from(intakeFiles)
    .where(eq(intakeFiles.intakeId, id))
    .orderBy(asc(intakeFiles.createdAt), asc(intakeFiles.id));
  const data: IntakeData = row.intake.data ?? {};
  return { ...row, intake: { ...row.intake, data }, files };
}

export type IntakeDetail = NonNullable<Awaited<ReturnType<typeof intakeDetail>>>;

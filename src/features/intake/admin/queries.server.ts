/**
 * What the admin's website-info screens read: every intake (drafts included, so the agency can
 * see who has started), newest change first with the admin lists' keyset pages
 * (src/features/admin/lists/cursor.ts), and one intake in full with its customer, order and files.
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/index.ts';
import { intakeFiles, intakes, orders, users } from '#server/db/schema.ts';
import { PAGE_SIZE, toPage, type Page } from '#features/admin/lists/cursor.ts';
import { before, newestFirst, type PageRequest } from '#features/admin/lists/lists.server.ts';
import type { IntakeData } from '../schema.ts';

export type IntakeState = (typeof intakes.$inferSelect)['status'];

export interface IntakeListFilter extends Partial<PageRequest> {
  /** Business name (anywhere in it) or the customer's e-mail (from its start). */
  q?: string;
  state?: IntakeState;
}

/** LIKE treats % and _ as wildcards: a search for "50%" must mean those characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const businessName = sql<string | null>`json_extract(${intakes.data}, '$.businessName')`;
/** The intake's rowid, named: the list joins users, which has one too. */
const intakeRowid = sql`${intakes}.rowid`;

export interface IntakeListRow {
  id: string;
  orderId: string;
  status: IntakeState;
  businessName: string;
  email: string;
  updatedAt: Date;
  submittedAt: Date | null;
  files: number;
  /** The rowid: the cursor's tie-break. */
  row: number;
}

/**
 * One page of intakes, newest change first (ties by insertion order); `next` is where the
 * following page starts, if there is one. By state: intakes_status_idx (status, updated_at).
 */
export async function listIntakes(
  db: Db,
  { q, state, after = null, limit = PAGE_SIZE }: IntakeListFilter = {},
): Promise<Page<IntakeListRow>> {
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
  const afterCursor = before(intakes.updatedAt, after, intakeRowid);
  if (afterCursor) where.push(afterCursor);
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
      row: sql<number>`${intakeRowid}`.mapWith(Number),
    })
    .from(intakes)
    .innerJoin(users, eq(users.id, intakes.userId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(...newestFirst(intakes.updatedAt, intakeRowid))
    .limit(limit + 1);
  const rows = found.map((r) => ({
    ...r,
    businessName: typeof r.businessName === 'string' ? r.businessName.trim() : '',
    files: Number(r.files),
  }));
  return toPage(rows, limit, (r) => ({ at: r.updatedAt.getTime(), row: r.row }));
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

/**
 * The intake's life on the server: read (or start) the intake of a customer's order, save a
 * draft against the version the browser saw, submit it (moves a paid order to 'intake
 * received', tells the agency, locks it), and reopen it for the customer (an admin).
 * Every change runs in one write transaction, so version checks and writes cannot interleave.
 */
import { and, eq } from 'drizzle-orm';
import { site } from '#data/site.ts';
import type { AppDatabase, Db, Tx } from '#server/db/index.ts';
import { intakes, orders } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { auditStatement } from '#server/security/audit.ts';
import { randomId } from '#server/security/tokens.ts';
import { moveOrderIn } from '#features/lifecycle/lifecycle.server.ts';
import { ownsOrder } from '#features/accounts/ownership.server.ts';
import { intakeSubmittedMail } from './mail.ts';
import { submitProblems, type IntakeData } from './schema.ts';

export type Intake = typeof intakes.$inferSelect;

/** What the customer sees: the saved intake, or an empty one (version 0) prefilled from the order. */
export interface IntakeView {
  id: string | null;
  orderId: string;
  status: Intake['status'];
  version: number;
  data: IntakeData;
  updatedAt: Date | null;
  submittedAt: Date | null;
}

/** The intake of `orderId` if that order is `userId`'s (or any order, for an admin: userId null); null otherwise. */
export async function intakeForOrder(db: Db, orderId: string, userId: string | null): Promise<IntakeView | null> {
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId, businessName: orders.businessName, phone: orders.phone })
    .from(orders)
    .where(userId ? and(eq(orders.id, orderId), ownsOrder(userId)) : eq(orders.id, orderId));
  if (!order) return null;
  const [row] = await db.select().from(intakes).where(eq(intakes.orderId, orderId));
  if (row) return { ...row, data: row.data ?? {} };
  return {
    id: null,
    orderId,
    status: 'draft',
    version: 0,
    data: { businessName: order.businessName, phone: order.phone },
    updatedAt: null,
    submittedAt: null,
  };
}

export type SaveResult =
  | { ok: true; version: number; savedAt: Date }
  | { ok: false; reason: 'not-found' | 'locked' }
  | { ok: false; reason: 'conflict'; version: number };

async function readIn(tx: Tx, orderId: string, userId: string | null) {
  const order = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      businessName: orders.businessName,
      phone: orders.phone,
      status: orders.status,
    })
    .from(orders)
    .where(userId ? and(eq(orders.id, orderId), ownsOrder(userId)) : eq(orders.id, orderId));
  const [o] = order;
  if (!o) return null;
  const [row] = await tx
    .select({ id: intakes.id, status: intakes.status, version: intakes.version, data: intakes.data })
    .from(intakes)
    .where(eq(intakes.orderId, orderId));
  return { order: o, row: row ?? null };
}

type Refusal = { ok: false; reason: 'not-found' | 'locked' } | { ok: false; reason: 'conflict'; version: number };

/**
 * Inside `tx`: the order and its intake if the customer may still change it and the browser saw
 * its current `version` (0 before the first save); why not otherwise.
 */
async function editableIn(
  tx: Tx,
  orderId: string,
  userId: string,
  version: number,
): Promise<Refusal | ({ ok: true; current: number } & NonNullable<Awaited<ReturnType<typeof readIn>>>)> {
  const found = await readIn(tx, orderId, userId);
  if (!found) return { ok: false, reason: 'not-found' };
  if (found.row?.status === 'submitted') return { ok: false, reason: 'locked' };
  const current = found.row?.version ?? 0;
  if (version !== current) return { ok: false, reason: 'conflict', version: current };
  return { ok: true, ...found, current };
}

/**
 * Saves `changes` over the draft if the browser saw the current `version` (a first save sees
 * 0). Answers the new version, or why not: a newer save exists (conflict), or it is submitted.
 */
export function saveDraft(
  database: AppDatabase,
  { orderId, userId, version, changes }: { orderId: string; userId: string; version: number; changes: IntakeData },
  now = Date.now(),
): Promise<SaveResult> {
  return database.writes.transaction(async (tx): Promise<SaveResult> => {
    const editable = await editableIn(tx, orderId, userId, version);
    if (!editable.ok) return editable;
    const { order, row, current } = editable;
    const at = new Date(now);
    const next = current + 1;
    if (row) {
      await tx
        .update(intakes)
        .set({ data: { ...row.data, ...changes }, version: next, updatedAt: at })
        .where(and(eq(intakes.id, row.id), eq(intakes.version, current)));
    } else {
      await tx.insert(intakes).values({
        id: randomId(),
        orderId,
        userId: order.userId,
        status: 'draft',
        version: next,
        data: { businessName: order.businessName, phone: order.phone, ...changes },
        createdAt: at,
        updatedAt: at,
      });
    }
    return { ok: true, version: next, savedAt: at };
  });
}

export type SubmitResult =
  | { ok: true; version: number }
  | { ok: false; reason: 'not-found' | 'locked' }
  | { ok: false; reason: 'conflict'; version: number }
  | { ok: false; reason: 'incomplete'; problems: Record<string, string> };

/**
 * Submits the intake as saved (after the browser's last changes, applied first with the same
 * version check): every required answer present, then locked; a paid order moves to 'intake
 * received'; the agency gets an e-mail.
 */
export function submitIntake(
  database: AppDatabase,
  {
    orderId,
    userId,
    version,
    changes,
    ip,
  }: { orderId: string; userId: string; version: number; changes: IntakeData; ip: string | null },
  now = Date.now(),
): Promise<SubmitResult> {
  return database.writes.transaction(async (tx): Promise<SubmitResult> => {
    const editable = await editableIn(tx, orderId, userId, version);
    if (!editable.ok) return editable;
    const { order, row, current } = editable;
    const data = { businessName: order.businessName, phone: order.phone, ...(row?.data ?? {}), ...changes };
    const problems = submitProblems(data);
    if (Object.keys(problems).length > 0) return { ok: false, reason: 'incomplete', problems };
    const at = new Date(now);
    const next = current + 1;
    const id = row?.id ?? randomId();
    if (row) {
      await tx
        .update(intakes)
        .set({ data, version: next, status: 'submitted', submittedAt: at, updatedAt: at })
        .where(eq(intakes.id, id));
    } else {
      await tx.insert(intakes).values({
        id,
        orderId,
        userId: order.userId,
        status: 'submitted',
        version: next,
        data,
        submittedAt: at,
        createdAt: at,
        updatedAt: at,
      });
    }
    if (order.status === 'paid') {
      await moveOrderIn(
        tx,
        { orderId, to: 'intake_received', actorId: null, ip, note: 'Intake submitted by the customer' },
        now,
      );
    }
    const mail = intakeSubmittedMail(
      { orderId, businessName: data.businessName ?? order.businessName, data },
      {
        adminUrl: `${serverEnv().SITE_URL}/admin/website-info/${id}`,
      },
    );
    await tx.batch([
      outboxInsert({ ...mail, kind: 'intake-submitted', to: serverEnv().AGENCY_INBOX ?? site.email }, now),
    ]);
    return { ok: true, version: next };
  });
}

const INTAKE_REOPENED = 'Intake reopened for changes';

/**
 * An admin opens a submitted intake for the customer again (audited); an order at 'Intake
 * received' goes back to 'Paid' (waiting on the intake) in the same commit.
 */
export function reopenIntake(
  database: AppDatabase,
  { intakeId, adminId, ip }: { intakeId: string; adminId: string; ip: string | null },
  now = Date.now(),
): Promise<boolean> {
  return database.writes.transaction(async (tx) => {
    const found = await tx
      .select({
        status: intakes.status,
        version: intakes.version,
        orderId: intakes.orderId,
        orderStatus: orders.status,
      })
      .from(intakes)
      .innerJoin(orders, eq(orders.id, intakes.orderId))
      .where(eq(intakes.id, intakeId));
    const [row] = found;
    if (row?.status !== 'submitted') return false;
    const at = new Date(now);
    await tx
      .update(intakes)
      .set({ status: 'draft', version: row.version + 1, updatedAt: at })
      .where(eq(intakes.id, intakeId));
    // The project waits on the intake again, unless work already went past it.
    if (row.orderStatus === 'intake_received') {
      await moveOrderIn(
        tx,
        {
          orderId: row.orderId,
          to: 'paid',
          actorId: adminId,
          ip,
          note: INTAKE_REOPENED,
          customerNote: INTAKE_REOPENED,
        },
        now,
      );
    }
    await tx.batch([
      auditStatement(
        {
          actorId: adminId,
          action: 'intake.reopen',
          entityType: 'intake',
          entityId: intakeId,
          before: { status: 'submitted' },
          after: { status: 'draft' },
          ip,
        },
        now,
      ),
    ]);
    return true;
  });
}

export type EnsuredIntake = { ok: true; intakeId: string } | { ok: false; reason: 'not-found' | 'locked' };

/**
 * The draft intake of `orderId` for its owner `userId`, inside the caller's write transaction
 * (uploads attach their file to it in the same commit). With no row yet, it is created as a
 * first save would be, for the owner only, but at version 0 with the order's prefill: a file is
 * not an answer, so a tab that opened the empty intake (version 0) still saves without a conflict.
 */
export async function ensureDraftIntake(
  tx: Tx,
  { orderId, userId }: { orderId: string; userId: string },
  now = Date.now(),
): Promise<EnsuredIntake> {
  const found = await readIn(tx, orderId, userId);
  if (!found) return { ok: false, reason: 'not-found' };
  const { order, row } = found;
  if (row?.status === 'submitted') return { ok: false, reason: 'locked' };
  if (row) return { ok: true, intakeId: row.id };
  const at = new Date(now);
  const id = randomId();
  await tx.insert(intakes).values({
    id,
    orderId,
    userId: order.userId,
    status: 'draft',
    version: 0,
    data: { businessName: order.businessName, phone: order.phone },
    createdAt: at,
    updatedAt: at,
  });
  return { ok: true, intakeId: id };
}

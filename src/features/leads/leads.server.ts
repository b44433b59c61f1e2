/**
 * Leads: the people who wrote to the agency or booked a call, one per e-mail address. A contact
 * message or a booking records (or refreshes) its lead in the same commit as itself; the agency
 * writes back to their contact messages, keeps notes, and sends a prefilled checkout link; the
 * order placed from that link is linked to the lead. Stages move with what happens (a reply, a
 * booked call, an order, its payment, and silence after the agency wrote) and by hand.
 * Everything a person did is found by their address (messages, orders) or the lead (orders from
 * its link).
 */
import { and, asc, count, desc, eq, gt, inArray, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import { pricing } from '#data/pricing.ts';
import { insertionOrder } from '#server/db/expressions.ts';
import { build, type AppDatabase, type Db, type Tx, type WriteQuery } from '#server/db/index.ts';
import {
  bookings,
  contactMessages,
  contactReplies,
  leadNotes,
  leads,
  LEAD_STAGES,
  orders,
  type LeadStage,
} from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { auditStatement } from '#server/security/audit.ts';
import { randomId } from '#server/security/tokens.ts';
import { before, newestFirst, prefixRange, type PageRequest } from '#features/admin/lists/lists.server.ts';
import { PAGE_SIZE, toPage } from '#features/admin/lists/cursor.ts';
import { checkoutLinkMail } from './mail.ts';

export type Lead = typeof leads.$inferSelect;

export interface LeadContact {
  email: string;
  name: string;
  phone?: string | null;
  businessName?: string | null;
}

/**
 * The statement that records `person` as a lead, committed with what they did: a new address is
 * a new lead ('call_booked' when they booked a call); a known one keeps its stage (a booked call
 * moves a new or contacted lead to 'call_booked'; a lost lead who writes or books again is back,
 * at 'new' or 'call_booked'), takes the newest name and any phone or business given, moves to the
 * top of the list, and is no longer waiting for their reply (they gave one).
 */
export function leadStatement(person: LeadContact, source: 'contact' | 'booking', now = Date.now()): WriteQuery {
  const at = new Date(now);
  const booked = source === 'booking';
  const stage = booked
    ? sql`CASE WHEN ${leads.stage} IN ('new', 'contacted', 'lost') THEN 'call_booked' ELSE ${leads.stage} END`
    : sql`CASE WHEN ${leads.stage} = 'lost' THEN 'new' ELSE ${leads.stage} END`;
  return build
    .insert(leads)
    .values({
      id: randomId(),
      email: person.email.toLowerCase(),
      name: person.name,
      phone: person.phone ?? null,
      businessName: person.businessName ?? null,
      stage: booked ? 'call_booked' : 'new',
      source,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: leads.email,
      set: {
        name: sql`excluded.name`,
        phone: sql`coalesce(excluded.phone, ${leads.phone})`,
        businessName: sql`coalesce(excluded.business_name, ${leads.businessName})`,
        updatedAt: at,
        awaitingReplySince: null,
        stage,
        // A form rendered before the stage moved is stale; one rendered before a message is not.
        version: sql`${leads.version} + CASE WHEN (${stage}) = ${leads.stage} THEN 0 ELSE 1 END`,
      },
    });
}

/**
 * The leads an order belongs to: the one whose checkout link placed it, and the one with its
 * address, unless the order waits for that address's owner to confirm it (held: whoever typed
 * it may not be them).
 */
function leadsOfOrder(order: { leadId: string | null; email: string; held: boolean }) {
  const byLink = order.leadId ? eq(leads.id, order.leadId) : undefined;
  const byAddress = order.held ? undefined : eq(leads.email, order.email.toLowerCase());
  return byLink || byAddress ? or(byLink, byAddress) : null;
}

type OrderOfLead = { leadId: string | null; email: string; held: boolean };

/**
 * The order's leads move to `stage` (a won lead stays won), no longer waiting for a reply; a
 * lost one is only an ordered lead whose order was canceled before it was paid.
 */
function moveOrderLeads(order: OrderOfLead, stage: 'ordered' | 'won' | 'lost', now: number): WriteQuery[] {
  const which = leadsOfOrder(order);
  if (!which) return [];
  return [
    build
      .update(leads)
      .set({ stage, awaitingReplySince: null, version: sql`${leads.version} + 1`, updatedAt: new Date(now) })
      .where(and(which, stage === 'lost' ? eq(leads.stage, 'ordered') : ne(leads.stage, 'won'))),
  ];
}

/** An order is placed: its leads move to 'ordered'. */
export const leadOrderedStatements = (order: OrderOfLead, now = Date.now()): WriteQuery[] =>
  moveOrderLeads(order, 'ordered', now);

/** An order is paid: its leads are won. */
export const leadPaidStatements = (order: OrderOfLead, now = Date.now()): WriteQuery[] =>
  moveOrderLeads(order, 'won', now);

/** An order is canceled before it was paid: its ordered leads are lost. */
export const leadCanceledStatements = (order: OrderOfLead, now = Date.now()): WriteQuery[] =>
  moveOrderLeads(order, 'lost', now);

/**
 * The agency answered the person (a reply to their contact message): a new lead is contacted,
 * and the clock for their reply starts.
 */
export const leadContactedStatement = (email: string, now = Date.now()): WriteQuery =>
  build
    .update(leads)
    .set({
      stage: sql`CASE WHEN ${leads.stage} = 'new' THEN 'contacted' ELSE ${leads.stage} END`,
      awaitingReplySince: new Date(now),
      version: sql`${leads.version} + 1`,
      updatedAt: new Date(now),
    })
    .where(eq(leads.email, email.toLowerCase()));

/** Days without a word back, after the agency wrote, before a lead is marked lost by housekeeping. */
export const LEAD_LOST_AFTER_DAYS = 30;

/** Stages a silent lead can be lost from: not one that ordered, was won, or is lost already. */
const OPEN_STAGES = ['new', 'contacted', 'call_booked', 'proposal_sent'] as const satisfies readonly LeadStage[];

/**
 * Housekeeping: every open lead the agency wrote to LEAD_LOST_AFTER_DAYS ago or more, without a
 * word back since, is marked lost (audited 'lead.lost', the system as the actor), in one commit.
 * Idempotent: a lost lead no longer waits, so a second run (or server) finds nothing.
 */
export function loseSilentLeads(database: AppDatabase, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - LEAD_LOST_AFTER_DAYS * 24 * 60 * 60_000);
  return database.writes.transaction(async (tx) => {
    const silent = await tx
      .select({ id: leads.id, stage: leads.stage, since: leads.awaitingReplySince })
      .from(leads)
      .where(and(lte(leads.awaitingReplySince, cutoff), inArray(leads.stage, OPEN_STAGES)));
    if (silent.length === 0) return 0;
    await tx.batch([
      build
        .update(leads)
        // Not updated_at: silence is not activity, so the lead does not jump to the top of the list.
        .set({ stage: 'lost', awaitingReplySince: null, version: sql`${leads.version} + 1` })
        .where(
          and(
            inArray(
              leads.id,
              silent.map((l) => l.id),
            ),
            lte(leads.awaitingReplySince, cutoff),
          ),
        ),
      ...silent.map((lead) =>
        auditStatement(
          {
            actorId: null,
            action: 'lead.lost',
            entityType: 'lead',
            entityId: lead.id,
            before: { stage: lead.stage },
            after: { stage: 'lost', noReplySince: lead.since?.toISOString() ?? null, days: LEAD_LOST_AFTER_DAYS },
            ip: null,
          },
          now,
        ),
      ),
    ]);
    return silent.length;
  });
}

export async function findLead(db: Db, id: string): Promise<Lead | null> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row ?? null;
}

const HISTORY_LIMIT = 50;

/**
 * /admin/leads/{id}: the lead, the agency's notes, and what the person did (newest first):
 * messages (with the agency's replies), calls, orders.
 */
export async function leadPage(db: Db, id: string) {
  const lead = await findLead(db, id);
  if (!lead) return null;
  const [notes, messages, placed, calls] = await Promise.all([
    db
      .select()
      .from(leadNotes)
      .where(eq(leadNotes.leadId, id))
      .orderBy(desc(leadNotes.createdAt), desc(insertionOrder)),
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, lead.email))
      .orderBy(desc(contactMessages.createdAt))
      .limit(HISTORY_LIMIT),
    db
      .select({
        id: orders.id,
        status: orders.status,
        totalCents: orders.totalCents,
        businessName: orders.businessName,
        createdAt: orders.createdAt,
        leadId: orders.leadId,
      })
      .from(orders)
      .where(or(eq(orders.email, lead.email), eq(orders.leadId, id)))
      .orderBy(desc(orders.createdAt))
      .limit(HISTORY_LIMIT),
    db
      .select({ id: bookings.id, startsAt: bookings.startsAt, status: bookings.status, topic: bookings.topic })
      .from(bookings)
      .where(eq(bookings.email, lead.email))
      .orderBy(desc(bookings.startsAt))
      .limit(HISTORY_LIMIT),
  ]);
  // The agency's replies to those messages (written in /admin, e-mailed from the site), oldest first.
  const replies =
    messages.length === 0
      ? []
      : await db
          .select({
            messageId: contactReplies.messageId,
            body: contactReplies.body,
            createdAt: contactReplies.createdAt,
          })
          .from(contactReplies)
          .where(
            inArray(
              contactReplies.messageId,
              messages.map((m) => m.id),
            ),
          )
          .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  return { lead, notes, messages, replies, orders: placed, bookings: calls };
}

type Change = { ok: true } | { ok: false; reason: 'not-found' | 'stale' };

/** Inside `tx`: the lead exists at `version`; bumps it (a form rendered before this is stale). */
async function claimLead(tx: Tx, id: string, version: number, set: Partial<Lead>, now: number): Promise<Change> {
  const result = await tx
    .update(leads)
    .set({ ...set, version: sql`${leads.version} + 1`, updatedAt: new Date(now) })
    .where(and(eq(leads.id, id), eq(leads.version, version)));
  if (result.rowsAffected === 1) return { ok: true };
  const [found] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
  return { ok: false, reason: found ? 'stale' : 'not-found' };
}

interface Actor {
  actorId: string;
  ip: string;
}

/** Stages that mean the agency wrote and waits for the person. */
const WAITING_STAGES: readonly LeadStage[] = ['contacted', 'proposal_sent'];

/** The agency moves a lead to `stage` (audited 'lead.stage'). */
export function changeLeadStage(
  database: AppDatabase,
  input: Actor & { leadId: string; version: number; stage: LeadStage },
  now = Date.now(),
): Promise<Change> {
  return database.writes.transaction(async (tx) => {
    const [found] = await tx.select({ stage: leads.stage }).from(leads).where(eq(leads.id, input.leadId));
    // Moved by hand to a stage where the agency has reached out: the clock for their reply starts.
    const awaitingReplySince = WAITING_STAGES.includes(input.stage) ? new Date(now) : null;
    const claimed = await claimLead(tx, input.leadId, input.version, { stage: input.stage, awaitingReplySince }, now);
    if (!claimed.ok) return claimed;
    await tx.batch([
      auditStatement(
        {
          actorId: input.actorId,
          action: 'lead.stage',
          entityType: 'lead',
          entityId: input.leadId,
          before: { stage: found?.stage ?? null },
          after: { stage: input.stage },
          ip: input.ip,
        },
        now,
      ),
    ]);
    return { ok: true };
  });
}

/** A note on a lead, admins only (audited 'lead.note', its length, not its words). */
export function addLeadNote(
  database: AppDatabase,
  input: Actor & { leadId: string; version: number; body: string },
  now = Date.now(),
): Promise<Change> {
  return database.writes.transaction(async (tx) => {
    const claimed = await claimLead(tx, input.leadId, input.version, {}, now);
    if (!claimed.ok) return claimed;
    const id = crypto.randomUUID();
    await tx
      .insert(leadNotes)
      .values({ id, leadId: input.leadId, authorId: input.actorId, body: input.body, createdAt: new Date(now) });
    await tx.batch([
      auditStatement(
        {
          actorId: input.actorId,
          action: 'lead.note',
          entityType: 'lead',
          entityId: input.leadId,
          after: { noteId: id, length: input.body.length },
          ip: input.ip,
        },
        now,
      ),
    ]);
    return { ok: true };
  });
}

/** How long a lead's checkout link prefills the checkout after it is sent or renewed. */
export const CHECKOUT_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

/** The checkout prefilled for a lead: their details, and the plan and pages the agency chose. */
export function leadCheckoutUrl(leadId: string, choice: { monthly: boolean; extraPages: number }): string {
  const params = new URLSearchParams({ lead: leadId });
  const monthly = pricing.checkout.monthly;
  if (choice.monthly && monthly) params.set('plan', monthly.id);
  if (choice.extraPages > 0) params.set('extraPages', String(choice.extraPages));
  return `${serverEnv().SITE_URL}/checkout?${params.toString()}`;
}

/**
 * The agency e-mails the lead a prefilled checkout link, good for a week (CHECKOUT_LINK_TTL_MS):
 * a new or contacted lead (or one whose call is booked) moves to 'Proposal sent'. Audited
 * 'lead.checkout-link'.
 */
export function sendCheckoutLink(
  database: AppDatabase,
  input: Actor & { leadId: string; version: number; monthly: boolean; extraPages: number },
  now = Date.now(),
): Promise<Change> {
  return database.writes.transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, input.leadId));
    if (!lead) return { ok: false, reason: 'not-found' };
    const onward =
      lead.stage === 'ordered' || lead.stage === 'won' || lead.stage === 'lost' ? lead.stage : 'proposal_sent';
    const expiresAt = new Date(now + CHECKOUT_LINK_TTL_MS);
    const claimed = await claimLead(
      tx,
      input.leadId,
      input.version,
      {
        stage: onward,
        awaitingReplySince: onward === 'proposal_sent' ? new Date(now) : lead.awaitingReplySince,
        checkoutLinkExpiresAt: expiresAt,
      },
      now,
    );
    if (!claimed.ok) return claimed;
    const url = leadCheckoutUrl(lead.id, input);
    await tx.batch([
      outboxInsert({ ...checkoutLinkMail(lead, { url, ...input }), kind: 'lead-checkout-link', to: lead.email }, now),
      auditStatement(
        {
          actorId: input.actorId,
          action: 'lead.checkout-link',
          entityType: 'lead',
          entityId: input.leadId,
          before: { stage: lead.stage },
          after: {
            stage: onward,
            monthly: input.monthly,
            extraPages: input.extraPages,
            expiresAt: expiresAt.toISOString(),
          },
          ip: input.ip,
        },
        now,
      ),
    ]);
    return { ok: true };
  });
}

/**
 * The agency gives the link already sent another week from now, without a new e-mail (the
 * lead asked for more time). Audited 'lead.checkout-link-renew'. 'no-link' while none was sent.
 */
export function renewCheckoutLink(
  database: AppDatabase,
  input: Actor & { leadId: string; version: number },
  now = Date.now(),
): Promise<Change | { ok: false; reason: 'no-link' }> {
  return database.writes.transaction(async (tx) => {
    const [lead] = await tx
      .select({ expiresAt: leads.checkoutLinkExpiresAt })
      .from(leads)
      .where(eq(leads.id, input.leadId));
    if (!lead) return { ok: false, reason: 'not-found' };
    if (!lead.expiresAt) return { ok: false, reason: 'no-link' };
    const expiresAt = new Date(now + CHECKOUT_LINK_TTL_MS);
    const claimed = await claimLead(tx, input.leadId, input.version, { checkoutLinkExpiresAt: expiresAt }, now);
    if (!claimed.ok) return claimed;
    await tx.batch([
      auditStatement(
        {
          actorId: input.actorId,
          action: 'lead.checkout-link-renew',
          entityType: 'lead',
          entityId: input.leadId,
          before: { expiresAt: lead.expiresAt.toISOString() },
          after: { expiresAt: expiresAt.toISOString() },
          ip: input.ip,
        },
        now,
      ),
    ]);
    return { ok: true };
  });
}

/**
 * The prefill of a checkout opened from a lead's link: null for no such lead, a link that has
 * expired (a week after it was sent or renewed) or was never sent, and a lead that has ordered,
 * won or been lost (their order is placed, or they said no: the link no longer fills in their
 * details, so it cannot place a second order).
 */
export async function leadPrefill(db: Db, id: string, now = Date.now()) {
  const [row] = await db
    .select({
      id: leads.id,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      businessName: leads.businessName,
    })
    .from(leads)
    .where(
      and(
        eq(leads.id, id),
        gt(leads.checkoutLinkExpiresAt, new Date(now)),
        notInArray(leads.stage, ['ordered', 'won', 'lost']),
      ),
    );
  return row ?? null;
}

const keyOf = (r: { updatedAt: Date; row: number }) => ({ at: r.updatedAt.getTime(), row: r.row });
const rowid = sql<number>`${insertionOrder}`.mapWith(Number);

/**
 * /admin/leads: latest activity first. By stage: leads_stage_idx (stage, updated_at); else
 * leads_updated_at_idx. ?q= is an e-mail prefix (leads_email_unique; addresses are lower-cased).
 */
export async function listLeads(db: Db, filters: { stage?: LeadStage; q?: string }, page: PageRequest) {
  const limit = page.limit ?? PAGE_SIZE;
  const rows = await db
    .select({
      id: leads.id,
      name: leads.name,
      email: leads.email,
      businessName: leads.businessName,
      stage: leads.stage,
      source: leads.source,
      updatedAt: leads.updatedAt,
      row: rowid,
    })
    .from(leads)
    .where(
      and(
        filters.stage ? eq(leads.stage, filters.stage) : undefined,
        filters.q ? prefixRange(leads.email, filters.q.toLowerCase()) : undefined,
        before(leads.updatedAt, page.after),
      ),
    )
    .orderBy(...newestFirst(leads.updatedAt))
    .limit(limit + 1);
  return toPage(rows, limit, keyOf);
}

export interface LeadCounts {
  byStage: Record<LeadStage, number>;
  /** Leads with an order: placed from their link, or with their address. */
  becameOrders: number;
}

/** The dashboard's leads: how many at each stage, and how many became orders. */
export async function leadCounts(db: Db): Promise<LeadCounts> {
  // leads_stage_idx covers the count; the orders lookups are index probes (lead, e-mail) per lead.
  const stages = await db.select({ stage: leads.stage, n: count() }).from(leads).groupBy(leads.stage);
  const [converted] = await db
    .select({ n: count() })
    .from(leads)
    .where(
      sql`exists (select 1 from ${orders} where ${orders.leadId} = ${leads.id}) or exists (select 1 from ${orders} where ${orders.email} = ${leads.email})`,
    );
  const byStage = Object.fromEntries(LEAD_STAGES.map((s) => [s, 0])) as Record<LeadStage, number>;
  for (const row of stages) byStage[row.stage] = row.n;
  return { byStage, becameOrders: converted?.n ?? 0 };
}

/**
 * What must always be true of a project's money and history, whichever way it got there (the
 * admin's forms, the customer's buttons, Stripe's webhook, the hourly housekeeping). Each rule is
 * a sentence for people and one query that lists every row breaking it: `npm run db:check`
 * (scripts/db-check.ts) runs them against a database, and the lifecycle's property test runs
 * them after every step it takes.
 *
 * The queries are plain SQLite, each starting from an index (noted beside it), so a check of
 * the 100,000-order database reads the few rows a rule is about rather than every table.
 */
import type { Client } from '@libsql/client';

export interface Invariant {
  /** Stable, for scripts and test output. */
  id: string;
  /** The rule, as a person reads it. */
  rule: string;
  /** Lists the rows that break the rule: columns `record` (what to look at) and `detail` (how it breaks it). */
  query: string;
}

/** Order statuses reached only by a payment (the project is paid for, or went further). */
const PAID_OR_LATER = `('paid','intake_received','in_design','preview_ready','changes_requested','approved','launched')`;

export const INVARIANTS: readonly Invariant[] = [
  {
    id: 'open-invoice-on-ended-order',
    rule: 'No open invoice on a canceled or refunded order: nothing is owed for a project that ended.',
    // orders_status_idx, then invoices_order_idx.
    query: `
      SELECT 'invoice ' || i.number AS record,
             'open on order ' || o.id || ', which is ' || o.status AS detail
      FROM orders o
      JOIN invoices i ON i.order_id = o.id
      WHERE o.status IN ('canceled', 'refunded') AND i.status = 'open'`,
  },
  {
    id: 'open-build-invoice-on-paid-order',
    rule:
      'An order that is paid (or further along) has no open build or deposit invoice: its payment was recorded on the invoice. ' +
      "(A payment schedule's balance invoice is open after its stage by design: it is the next payment.)",
    // An index on status (open invoices are few), then the order by its key. The unary + keeps
    // the planner off invoices_kind_paid_idx, which would walk every invoice of the kind.
    query: `
      SELECT 'invoice ' || i.number AS record,
             'open while its order ' || o.id || ' is ' || o.status AS detail
      FROM invoices i
      JOIN orders o ON o.id = i.order_id
      WHERE i.status = 'open' AND +i.purpose IN ('build', 'deposit') AND +i.kind = 'invoice' AND o.status IN ${PAID_OR_LATER}`,
  },
  {
    id: 'schedule-bills-the-total',
    rule:
      "A payment schedule bills the build once: an order's live build, deposit and balance invoices never add up to more " +
      'than its total, and only an order placed under a schedule has a deposit or a balance invoice.',
    // invoices_build_idx (order_id, purpose) holds every build invoice, then the order by its key.
    query: `
      SELECT 'order ' || o.id AS record,
             CASE WHEN o.deposit_percent IS NULL AND b.scheduled > 0
                  THEN 'has a deposit or balance invoice but was billed in full'
                  ELSE 'build invoices total ' || b.billed || ' cents of ' || o.total_cents END AS detail
      FROM (
        SELECT order_id, sum(total_cents) AS billed,
               sum(purpose IN ('deposit', 'balance')) AS scheduled
        FROM invoices
        WHERE order_id IS NOT NULL AND purpose IN ('build', 'deposit', 'balance') AND kind = 'invoice' AND status <> 'void'
        GROUP BY order_id
      ) b
      JOIN orders o ON o.id = b.order_id
      WHERE b.billed > o.total_cents OR (o.deposit_percent IS NULL AND b.scheduled > 0)`,
  },
  {
    id: 'live-plan-without-launched-order',
    rule:
      'A monthly plan bought with an order bills (active, past due or ending) only while that order is launched; ' +
      'plans the agency set up without an order are exempt.',
    // subscriptions_status_idx, then the order by its key.
    query: `
      SELECT 'subscription ' || s.id AS record,
             s.status || ' while its order ' || o.id || ' is ' || o.status AS detail
      FROM subscriptions s
      JOIN orders o ON o.id = s.order_id
      WHERE s.status IN ('active', 'past_due', 'canceling') AND o.status <> 'launched'`,
  },
  {
    id: 'paid-amount-is-payments',
    rule: "An invoice's paid amount is the sum of its payments, and an invoice is Paid exactly when that sum is its total.",
    // invoices_kind_paid_idx: every invoice once (most are paid), its payments by payments_invoice_idx.
    query: `
      SELECT 'invoice ' || number AS record,
             status || ' with ' || coalesce(paid_cents, 0) || ' cents paid of ' || total_cents
               || ', payments ' || payments_cents AS detail
      FROM (
        SELECT i.number, i.status, i.paid_cents, i.total_cents,
               (SELECT coalesce(sum(p.amount_cents), 0) FROM payments p WHERE p.invoice_id = i.id) AS payments_cents
        FROM invoices i
        WHERE i.kind = 'invoice'
      )
      WHERE coalesce(paid_cents, 0) <> payments_cents
         OR (status = 'paid') <> (payments_cents = total_cents)`,
  },
  {
    id: 'credit-within-paid',
    rule: 'Credit notes never return more than was paid on the invoice they credit.',
    // invoices_credit_idx (partial: credit notes only), then the invoice by its key.
    query: `
      SELECT 'invoice ' || i.number AS record,
             'credited ' || c.credited || ' cents, paid ' || coalesce(i.paid_cents, 0) AS detail
      FROM (
        SELECT credit_for, sum(total_cents) AS credited
        FROM invoices
        WHERE kind = 'credit_note' AND status <> 'void' AND credit_for IS NOT NULL
        GROUP BY credit_for
      ) c
      JOIN invoices i ON i.id = c.credit_for
      WHERE c.credited > coalesce(i.paid_cents, 0)`,
  },
  {
    id: 'status-change-audited',
    rule: "Every change of an order's status has its audit entry, written in the same commit.",
    // order_events in full (one row per move), then audit_log_entity_idx per move.
    query: `
      SELECT 'order ' || e.order_id AS record,
             e.from_status || ' to ' || e.to_status || ' at ' || strftime('%Y-%m-%dT%H:%M:%fZ', e.at / 1000.0, 'unixepoch')
               || ' has no audit entry' AS detail
      FROM order_events e
      WHERE e.from_status IS NOT NULL AND e.from_status <> e.to_status
        AND NOT EXISTS (
          SELECT 1 FROM audit_log a
          WHERE a.entity_type = 'order' AND a.entity_id = e.order_id AND a.at = e.at
            AND a.action LIKE 'order.%'
        )`,
  },
];

export interface Problem {
  invariant: Invariant;
  record: string;
  detail: string;
}

/** Runs every rule (or those given) against `client`: the rows that break them, rule by rule. */
export async function findProblems(client: Client, rules: readonly Invariant[] = INVARIANTS): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const invariant of rules) {
    const result = await client.execute(invariant.query);
    for (const row of result.rows) {
      problems.push({ invariant, record: String(row.record), detail: String(row.detail) });
    }
  }
  return problems;
}

/** The report `npm run db:check` prints: each rule's rows under it, then the total. */
export function describeProblems(problems: readonly Problem[]): string {
  const lines: string[] = [];
  for (const invariant of INVARIANTS) {
    const rows = problems.filter((p) => p.invariant.id === invariant.id);
    if (rows.length === 0) continue;
    lines.push(`${invariant.id}: ${invariant.rule}`);
    for (const row of rows) lines.push(`  ${row.record}: ${row.detail}`);
    lines.push('');
  }
  const total = problems.length;
  lines.push(`${total} ${total === 1 ? 'problem' : 'problems'}`);
  return lines.join('\n');
}

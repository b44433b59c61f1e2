/**
 * The audit log's one helper: the statement that records who changed what, to be committed
 * in the same write-queue unit (or transaction) as the change itself, so the log never
 * claims a change that did not happen nor misses one that did.
 */
import { build, type WriteQuery } from '../db/index.ts';
import { auditLog, type AuditAction } from '../db/schema.ts';

export interface AuditEntry {
  /** The user who acted; null for the system (start-up, CLI). */
  actorId: string | null;
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  /** The client address resolved by the HTTP host; null outside a request. */
  ip: string | null;
}

export function auditStatement(entry: AuditEntry, now = Date.now()): WriteQuery {
  return build.insert(auditLog).values({
    id: crypto.randomUUID(),
    at: new Date(now),
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
  });
}

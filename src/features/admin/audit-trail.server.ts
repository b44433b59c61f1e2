/** Who changed one record, for its admin page: its audit entries, oldest first, with the actors' names. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { insertionOrder } from '#server/db/expressions.ts';
import type { Db } from '#server/db/index.ts';
import { auditLog, users } from '#server/db/schema.ts';

export type AuditEntry = typeof auditLog.$inferSelect;

export interface AuditTrail {
  entries: AuditEntry[];
  /** Actor id → name (absent: the account was deleted). */
  actors: Map<string, string>;
}

export async function auditTrail(db: Db, entityType: string, entityId: string): Promise<AuditTrail> {
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at), asc(insertionOrder));
  const actorIds = [...new Set(entries.map((e) => e.actorId).filter((a): a is string => a !== null))];
  const actors = new Map<string, string>();
  if (actorIds.length > 0) {
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, actorIds));
    for (const row of rows) actors.set(row.id, row.name);
  }
  return { entries, actors };
}

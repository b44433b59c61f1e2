/**
 * How a feature declares the personal data it keeps, once: the tables, what the account's data
 * export holds of them, and what account deletion does to them (remove or anonymise). The
 * portal's export and deletion only iterate these declarations
 * (src/features/portal/personal-data.registry.ts), and a test fails when a table of the schema
 * is in no declaration and not on the registry's list of tables without personal data.
 */
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { AppDatabase, Tx, WriteQuery } from '#server/db/index.ts';

/** The account being exported or deleted, read once by the portal. */
export interface DataSubject {
  id: string;
  email: string;
  pendingEmail: string | null;
  /**
   * The account proved it reads `email` (users.email_verified_at): only then are records kept by
   * address alone (contact messages, booked calls, the lead) its (accounts/ownership.server.ts).
   */
  addressProven: boolean;
  /** What replaces the address on what is kept (`deleted-<id>@invalid`). */
  tombstoneEmail: string;
  /** What replaces the name on what is kept. */
  tombstoneName: string;
  /** The device asking (its session is marked in the export). */
  currentSessionId: string | null;
}

/** What deleting the account does to one feature's rows. */
export interface Erasure {
  /** Committed together with every other feature's, in one transaction. */
  statements: WriteQuery[];
  /** Ids and counts only (the audit log outlives the account): the deletion's audit entry. */
  summary?: Record<string, unknown>;
  /** After the commit: what lives outside the database (stored files, the payment provider). */
  afterCommit?: (database: AppDatabase) => Promise<void>;
}

export interface PersonalData<Part extends Record<string, unknown> = Record<string, unknown>> {
  /** Names the declaration in the deletion's audit entry. */
  name: string;
  /** Every table whose rows it covers (exported, erased, or kept on purpose: say why in a comment). */
  tables: readonly SQLiteTable[];
  /** Its part of the export: keys of the JSON document. */
  export(database: AppDatabase, subject: DataSubject, now: number): Promise<Part>;
  /** Its part of the deletion, read inside the deletion's transaction. */
  erase(tx: Tx, subject: DataSubject, now: number): Promise<Erasure>;
}

/** Declares a feature's personal data (keeps the export's keys typed). */
export const personalData = <Part extends Record<string, unknown>>(declaration: PersonalData<Part>) => declaration;

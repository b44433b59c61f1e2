/** SQL expressions the query builder has no word for, kept here so raw SQL stays in src/server/db. */
import { type Column, type SQL, sql } from 'drizzle-orm';

/** `column + by`, evaluated by the database (no read-modify-write race). */
export const increment = (column: Column, by = 1): SQL => sql`${column} + ${by}`;

/** The first non-null of the columns. */
export const coalesce = (...columns: Column[]): SQL =>
  sql`coalesce(${sql.join(
    columns.map((c) => sql`${c}`),
    sql`, `,
  )})`;

/** Insertion order, to break ties between rows written in the same millisecond. */
export const insertionOrder: SQL = sql`rowid`;

/**
 * A new feature cannot forget its personal data: every table of the schema is in one
 * declaration of the registry (exported and erased) or on its list of tables without personal
 * data, with the reason; and no table is claimed twice.
 */
import { getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema.ts';
import { NO_PERSONAL_DATA, PERSONAL_DATA } from './personal-data.registry.ts';

const schemaTables = (Object.values(schema) as unknown[])
  .flatMap((value) => (is(value, SQLiteTable) ? [getTableName(value)] : []))
  .sort();

describe('the personal-data registry', () => {
  it('covers every table of the schema, each once', () => {
    const declared = PERSONAL_DATA.flatMap((d) => d.tables.map((t) => getTableName(t)));
    const exempt = NO_PERSONAL_DATA.map((entry) => getTableName(entry.table));
    const claimed = [...declared, ...exempt];
    expect(schemaTables.length).toBeGreaterThan(20);
    expect(schemaTables.filter((name) => !claimed.includes(name))).toEqual([]);
    expect(claimed.filter((name, i) => claimed.indexOf(name) !== i)).toEqual([]);
  });

  it('says why each table without personal data is left out', () => {
    for (const entry of NO_PERSONAL_DATA) expect(entry.why.length).toBeGreaterThan(20);
  });
});

/**
 * The lifecycle is the one writer of an order's, an invoice's and a plan's status: this reads
 * every source file under src/ and fails on an UPDATE of those tables, outside
 * src/features/lifecycle, whose SET names `status` or spreads an object that might carry it.
 * A spread that provably cannot (the status taken out just before) is on the short allow-list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const OWN = join('features', 'lifecycle');

/** Updates whose SET spreads an object with the status destructured out (`{ status, ...rest }`). */
const ALLOWED_SPREADS = new Set([
  // applySubscriptionIn: a state change goes to planStatusStatement; the rest (a link) stays here.
  'features/payments/stripe-fulfilment.server.ts',
  // writeAtVersion: likewise, a price or description change without a state.
  'features/subscriptions/admin/versioned-change.server.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return /\.(ts|astro)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each `.update(orders|invoices|subscriptions)` with what its SET says, up to its WHERE. */
function stateWrites(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/\.update\((?:schema\.)?(orders|invoices|subscriptions)\)/g)) {
    const after = text.slice(match.index, match.index + 600);
    const set = after.slice(0, after.search(/\.where\(|;\n/) + 1 || after.length);
    const spreads = /\.\.\.\w+/.test(set) && !ALLOWED_SPREADS.has(relative(ROOT, file));
    if (/\bstatus\b/.test(set) || spreads) found.push(`${relative(ROOT, file)}: ${set.replace(/\s+/g, ' ')}`);
  }
  for (const match of text.matchAll(/UPDATE\s+`?(orders|invoices|subscriptions)`?\s+SET[^;`]*\bstatus\b/gi)) {
    found.push(`${relative(ROOT, file)}: ${match[0]}`);
  }
  return found;
}

describe('one writer of the lifecycle states', () => {
  it('no code outside src/features/lifecycle writes an order, invoice or plan status', () => {
    const offenders = sources(ROOT)
      .filter((file) => !relative(ROOT, file).startsWith(OWN))
      .flatMap(stateWrites);
    expect(offenders).toEqual([]);
  });

  it('the check sees a status write when there is one', () => {
    // The lifecycle's own file writes them: the check must find those, or it finds nothing anywhere.
    expect(stateWrites(join(ROOT, OWN, 'lifecycle.server.ts')).length).toBeGreaterThan(0);
  });
});

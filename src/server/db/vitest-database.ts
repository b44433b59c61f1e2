/**
 * Vitest set-up, run in the worker before each test file: a fresh libSQL file for that file's
 * route handlers (which read DATABASE_URL through src/server/env.ts when first asked). With
 * files running side by side in several workers, none shares a database with another.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.DATABASE_URL = `file:${join(mkdtempSync(join(tmpdir(), 'palmetto-vitest-')), 'app.db')}`;

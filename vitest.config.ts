/// <reference types="vitest/config" />
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getViteConfig } from 'astro/config';

// Server code reads DATABASE_URL through src/server/env.ts when first asked: point it at a
// fresh libSQL file for this run (tests that need isolation make their own).
process.env.DATABASE_URL = `file:${join(mkdtempSync(join(tmpdir(), 'palmetto-vitest-')), 'app.db')}`;

export default getViteConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});

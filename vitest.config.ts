/// <reference types="vitest/config" />
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getViteConfig } from 'astro/config';

// Server code reads DATABASE_URL through astro:env, resolved when this config loads:
// point it at a fresh libSQL file for this run (tests that need isolation make their own).
process.env.DATABASE_URL = `file:${join(mkdtempSync(join(tmpdir(), 'palmetto-vitest-')), 'app.db')}`;

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});

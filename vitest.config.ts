/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A hang still fails within a minute; a starved 2-core machine's slow argon2 or child process does not.
    testTimeout: 60_000,
    // Each test file gets its own database (see the set-up file), so files run side by side.
    setupFiles: ['src/server/db/vitest-database.ts'],
    // Vitest's default is the core count less one (a single worker on 2 cores); several files
    // mostly wait on child processes, sockets and deadlines, so two run side by side.
    maxWorkers: 2,
  },
});

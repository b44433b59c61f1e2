import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../..');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

const files = sources(SRC).map((path) => ({ path: relative(SRC, path), code: readFileSync(path, 'utf8') }));

describe('mail markup is written in one place', () => {
  it('nothing escapes by hand outside the mail markup tag and the Markdown tokens', () => {
    const allowed = ['server/email/html.ts', 'lib/content-tokens.ts'];
    const handEscaping = files.filter((f) => f.code.includes('escapeHtml(') && !allowed.includes(f.path));
    expect(handEscaping.map((f) => f.path)).toEqual([]);
  });

  it('modules that queue mail take its parts from renderMail, never write an html part themselves', () => {
    const queueing = files.filter((f) => /email\/enqueue\.ts'/.test(f.code));
    expect(queueing.length).toBeGreaterThan(5);
    const handWritten = queueing.filter((f) => /\bhtml:|mailLayout|<p[ >]/.test(f.code));
    expect(handWritten.map((f) => f.path)).toEqual([]);
  });
});

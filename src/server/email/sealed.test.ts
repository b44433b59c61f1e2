import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '../env.ts';
import { keyFileFor, mailKey, seal, unseal } from './sealed.ts';

describe('sealed mail bodies', () => {
  it('round-trips, and a different key cannot open them', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = seal('Reset: https://x.example/reset-password?token=abc.def', key);
    expect(sealed).not.toContain('abc.def');
    expect(unseal(sealed, key)).toBe('Reset: https://x.example/reset-password?token=abc.def');
    expect(() => unseal(sealed, Buffer.alloc(32, 8))).toThrow();
  });

  it('the embedded default creates one private key file beside the database, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'palmetto-key-'));
    const env = parseServerEnv({ DATABASE_URL: `file:${join(dir, 'app.db')}` });
    const first = mailKey(env);
    const file = keyFileFor(env.DATABASE_URL)!;
    expect(file).toBe(join(dir, 'mail.key'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toEqual(first);
    expect(mailKey(parseServerEnv({ DATABASE_URL: `file:${join(dir, 'app.db')}` }))).toEqual(first);
  });

  it('MAIL_KEY wins, and a remote database without one is refused', () => {
    const hex = 'ab'.repeat(32);
    expect(mailKey(parseServerEnv({ MAIL_KEY: hex, DATABASE_URL: 'libsql://db.example' }))).toEqual(
      Buffer.from(hex, 'hex'),
    );
    expect(() => mailKey(parseServerEnv({ DATABASE_URL: 'libsql://db.example' }))).toThrow(/MAIL_KEY is required/);
    expect(() => mailKey(parseServerEnv({ MAIL_KEY: 'short' }))).toThrow(/32 bytes/);
  });
});

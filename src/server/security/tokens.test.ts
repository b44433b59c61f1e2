import { describe, expect, it } from 'vitest';
import { createToken, hashSecret, parseToken, randomId, secretMatches } from './tokens.ts';
import { isCommonPassword, hashPassword, verifyPassword } from '#features/accounts/password.ts';

describe('tokens', () => {
  it('are {26-char id}.{43-char base64url secret}, never repeating', () => {
    const { token, id } = createToken();
    expect(token).toMatch(/^[a-km-z2-9]{26}\.[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(randomId()).not.toBe(randomId());
    expect(parseToken(token)).toEqual({ id, secret: token.slice(27) });
  });

  it('store only SHA-256 of the secret, and compare it exactly', () => {
    const { token, secretHash } = createToken();
    const { secret } = parseToken(token)!;
    expect(secretHash).toHaveLength(32);
    expect(Buffer.from(secretHash).toString('hex')).not.toContain(Buffer.from(secret).toString('hex'));
    expect(secretMatches(secret, secretHash)).toBe(true);
    expect(secretMatches(`${secret.slice(0, -1)}A`, secretHash)).toBe(secret.endsWith('A'));
    expect(secretMatches(secret, hashSecret('something else'))).toBe(false);
    expect(secretMatches(secret, new Uint8Array(16))).toBe(false);
  });

  it('reject malformed tokens', () => {
    for (const bad of [
      undefined,
      null,
      '',
      'abc',
      'a.b',
      `${'l'.repeat(26)}.${'a'.repeat(43)}`,
      `${'a'.repeat(26)}.${'a'.repeat(42)}`,
    ]) {
      expect(parseToken(bad)).toBeNull();
    }
  });
});

describe('passwords', () => {
  it('hash with argon2id at the agreed cost and verify', async () => {
    const hash = await hashPassword('a long unusual passphrase');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'a long unusual passphrase')).toBe(true);
    expect(await verifyPassword(hash, 'a long unusual passphrasE')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('refuse common passwords from the bundled list, in any case', () => {
    for (const common of ['password', '12345678', 'PASSWORD1', 'qwertyuiop', 'iloveyou'])
      expect(isCommonPassword(common), common).toBe(true);
    expect(isCommonPassword('lantern-pelican-orbit')).toBe(false);
  });
});

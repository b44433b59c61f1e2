/**
 * Tokens of the form `{id}.{secret}` (sessions, activation and reset links): the id finds
 * the row, the secret proves possession. Only SHA-256(secret) is stored and it is compared
 * in constant time, so a database leak does not leak working tokens.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';

/** Lower-case letters and digits without look-alikes (no 0/o, 1/l): 32 symbols, 5 bits each. */
const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const TOKEN_PATTERN = /^([a-km-z2-9]{26})\.([A-Za-z0-9_-]{43})$/;

/** 16 random bytes as 26 characters of ID_ALPHABET (the last one carries 3 bits). */
export function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let bits = 0;
  let value = 0;
  let id = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      id += ID_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) id += ID_ALPHABET[(value << (5 - bits)) & 31];
  return id;
}

/** 32 random bytes, base64url without padding (43 characters). */
export function randomSecret() {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

export function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

/** A new token and what to store: the id and the secret's hash. */
export function createToken() {
  const id = randomId();
  const secret = randomSecret();
  return { token: `${id}.${secret}`, id, secretHash: hashSecret(secret) };
}

/** The id and secret of a well-formed token, or null. */
export function parseToken(token: string | null | undefined): { id: string; secret: string } | null {
  const match = token ? TOKEN_PATTERN.exec(token) : null;
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** Constant-time check of a presented secret against the stored hash. */
export function secretMatches(secret: string, storedHash: Uint8Array | ArrayBuffer): boolean {
  const stored = storedHash instanceof Uint8Array ? storedHash : new Uint8Array(storedHash);
  const presented = hashSecret(secret);
  return stored.length === presented.length && constantTimeEqual(presented, stored);
}

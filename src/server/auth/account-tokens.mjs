// @ts-check
/**
 * Single-use links for account activation and password reset: random, stored hashed,
 * expiring, and consumed atomically (a second use finds it already used).
 */
import { createToken, parseToken, secretMatches } from './tokens.mjs';

export const ACTIVATION_TTL_MS = 48 * 60 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;

/** @typedef {'activation' | 'password_reset'} TokenPurpose */
/** @typedef {{ status: 'valid', userId: string, tokenId: string } | { status: 'invalid' | 'expired' | 'used' }} TokenCheck */

/**
 * The statement that stores a new token, and the token to put in the link. Commit it with
 * the e-mail that carries the link.
 * @param {string} userId
 * @param {TokenPurpose} purpose
 * @param {number} now
 */
export function newAccountToken(userId, purpose, now = Date.now()) {
  const { token, id, secretHash } = createToken();
  const ttl = purpose === 'activation' ? ACTIVATION_TTL_MS : RESET_TTL_MS;
  return {
    token,
    statement: {
      sql: `INSERT INTO account_tokens (id, user_id, purpose, secret_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      args: [id, userId, purpose, secretHash, now + ttl, now],
    },
  };
}

/**
 * Checks a token without using it up (to show the form it unlocks).
 * @param {import('@libsql/client').Client | import('@libsql/client').Transaction} client
 * @param {string | null | undefined} token
 * @param {TokenPurpose} purpose
 * @param {number} now
 * @returns {Promise<TokenCheck>}
 */
export async function checkAccountToken(client, token, purpose, now = Date.now()) {
  const parsed = parseToken(token);
  if (!parsed) return { status: 'invalid' };
  const { rows } = await client.execute({
    sql: 'SELECT user_id, secret_hash, expires_at, used_at FROM account_tokens WHERE id = ? AND purpose = ?',
    args: [parsed.id, purpose],
  });
  const row = rows[0];
  if (!row || !secretMatches(parsed.secret, /** @type {ArrayBuffer} */ (row.secret_hash))) return { status: 'invalid' };
  if (row.used_at !== null) return { status: 'used' };
  if (Number(row.expires_at) <= now) return { status: 'expired' };
  return { status: 'valid', userId: String(row.user_id), tokenId: parsed.id };
}

/**
 * Marks a checked token used; false when another request used it first.
 * @param {import('@libsql/client').Client | import('@libsql/client').Transaction} client
 * @param {string} tokenId
 * @param {number} now
 */
export async function consumeAccountToken(client, tokenId, now = Date.now()) {
  const result = await client.execute({
    sql: 'UPDATE account_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?',
    args: [now, tokenId, now],
  });
  return result.rowsAffected === 1;
}

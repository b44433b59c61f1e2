/**
 * Single-use links for account activation, password reset and e-mail change: random, stored
 * hashed, expiring, and consumed atomically (a second use finds it already used).
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { coalesce } from '#server/db/expressions.ts';
import { build, type Db, type WriteQuery, type Tx } from '#server/db/index.ts';
import { accountTokens, type TOKEN_PURPOSES } from '#server/db/schema.ts';
import { createToken, parseToken, secretMatches } from '#server/security/tokens.ts';

export const ACTIVATION_TTL_MS = 48 * 60 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;
/**
 * An e-mail change link: a day, so a change started in the evening can be finished the next
 * morning, while a forgotten request does not stay usable for long.
 */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
const TTL: Readonly<Record<TokenPurpose, number>> = {
  activation: ACTIVATION_TTL_MS,
  password_reset: RESET_TTL_MS,
  email_change: EMAIL_CHANGE_TTL_MS,
};
/** Used or expired links are kept this long (to answer "already used"), then pruned. */
export const LINK_RETENTION_MS = 30 * 24 * 60 * 60_000;

export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];
export type TokenCheck =
  { status: 'valid'; userId: string; tokenId: string } | { status: 'invalid' | 'expired' | 'used' };

/**
 * The statement that stores a new token, and the token to put in the link. Commit it with
 * the e-mail that carries the link.
 */
export function newAccountToken(userId: string, purpose: TokenPurpose, now = Date.now()) {
  const { token, id, secretHash } = createToken();
  const ttl = TTL[purpose];
  return {
    token,
    statement: build.insert(accountTokens).values({
      id,
      userId,
      purpose,
      secretHash: Buffer.from(secretHash),
      expiresAt: new Date(now + ttl),
      createdAt: new Date(now),
    }),
  };
}

/** Checks a token without using it up (to show the form it unlocks). */
export async function checkAccountToken(
  db: Db,
  token: string | null | undefined,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<TokenCheck> {
  const parsed = parseToken(token);
  if (!parsed) return { status: 'invalid' };
  const [row] = await db
    .select({
      userId: accountTokens.userId,
      secretHash: accountTokens.secretHash,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
    })
    .from(accountTokens)
    .where(and(eq(accountTokens.id, parsed.id), eq(accountTokens.purpose, purpose)));
  if (!row || !secretMatches(parsed.secret, row.secretHash)) return { status: 'invalid' };
  if (row.usedAt !== null) return { status: 'used' };
  if (row.expiresAt.getTime() <= now) return { status: 'expired' };
  return { status: 'valid', userId: row.userId, tokenId: parsed.id };
}

/** Marks a checked token used inside `tx`; false when another request used it first. */
export async function consumeAccountToken(tx: Tx, tokenId: string, now = Date.now()): Promise<boolean> {
  const result = await tx
    .update(accountTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, new Date(now))),
    );
  return result.rowsAffected === 1;
}

/**
 * Older links die once the password is set another way (every purpose), or once a newer
 * e-mail change replaces or cancels the previous one (`purpose`).
 */
export const retireAccountTokensStatement = (userId: string, now: number, purpose?: TokenPurpose): WriteQuery =>
  build
    .update(accountTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(accountTokens.userId, userId),
        isNull(accountTokens.usedAt),
        purpose ? eq(accountTokens.purpose, purpose) : undefined,
      ),
    );

/** Every link of a user, used or not (account deletion). */
export const deleteUserTokensStatement = (userId: string): WriteQuery =>
  build.delete(accountTokens).where(eq(accountTokens.userId, userId));

/** Links used or expired a month ago, for housekeeping. */
export const oldLinksStatement = (now: number): WriteQuery =>
  build
    .delete(accountTokens)
    .where(lt(coalesce(accountTokens.usedAt, accountTokens.expiresAt), now - LINK_RETENTION_MS));

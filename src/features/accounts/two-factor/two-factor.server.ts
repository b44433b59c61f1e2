/**
 * Two-factor sign-in in the database: setting it up (a sealed key waiting for its first code),
 * turning it on and off, recovery codes (stored hashed, single use) and the sign-in code step.
 * Each change commits with its audit entry. A code is checked against the key read before the
 * commit, and the commit is a conditional update inside one write transaction, so two requests
 * with the same code cannot both pass (RFC 6238 section 5.2: a code is accepted once).
 */
import { and, count, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { RunnableQuery } from 'drizzle-orm/runnable-query';
import { site } from '#data/site.ts';
import { build, type AppDatabase, type Db, type WriteQuery } from '#server/db/index.ts';
import { recoveryCodes, sessions, twoFactor, type AuditAction } from '#server/db/schema.ts';
import { seal, unseal } from '#server/email/sealed.ts';
import { auditStatement } from '#server/security/audit.ts';
import { verifyPassword } from '../password.ts';
import {
  invalidateUserSessionsStatement,
  replaceSessionStatements,
  type Session,
  type SessionMeta,
} from '../session.server.ts';
import { findUserById } from '../users.server.ts';
import {
  decodeKey,
  encodeKey,
  hashRecoveryCode,
  keyUri,
  looksLikeTotp,
  manualEntryKey,
  matchingStep,
  newRecoveryCodes,
  newTotpKey,
} from './totp.ts';

/** New recovery codes stay on the account page (sealed) this long, or until shown once. */
const REVEAL_MS = 10 * 60_000;

/** Where a request came from, for the audit log. */
export interface Origin {
  ip: string | null;
}

/** The device whose session passes the second factor: its replacement session records it. */
type Device = Pick<SessionMeta, 'userAgent' | 'ip'>;

/** A session that just passed the second factor: its new token (for the cookie) and record. */
export interface PassedSession {
  token: string;
  session: Session;
}

const audit = (action: AuditAction, userId: string, origin: Origin, now: number, after?: unknown) =>
  auditStatement({ actorId: userId, action, entityType: 'user', entityId: userId, after, ip: origin.ip }, now);

type TwoFactorRow = Pick<typeof twoFactor.$inferSelect, 'secretSealed' | 'enabledAt' | 'lastUsedStep'>;

async function rowOf(db: Db, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await db
    .select({
      secretSealed: twoFactor.secretSealed,
      enabledAt: twoFactor.enabledAt,
      lastUsedStep: twoFactor.lastUsedStep,
    })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  return row ?? null;
}

export interface TwoFactorState {
  enabled: boolean;
  /** While set-up waits for its first code: what the app needs (QR code text and typed key). */
  setup: { uri: string; manualKey: string } | null;
  recoveryCodesLeft: number;
}

/** What the account page shows: on or off, the set-up in progress, recovery codes left. */
export async function twoFactorState(db: Db, user: { id: string; email: string }): Promise<TwoFactorState> {
  const row = await rowOf(db, user.id);
  if (!row) return { enabled: false, setup: null, recoveryCodesLeft: 0 };
  if (!row.enabledAt) {
    const key = decodeKey(unseal(row.secretSealed));
    return {
      enabled: false,
      setup: { uri: keyUri(site.brand, user.email, key), manualKey: manualEntryKey(key) },
      recoveryCodesLeft: 0,
    };
  }
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  return { enabled: true, setup: null, recoveryCodesLeft: left?.n ?? 0 };
}

/** Whether sign-in asks this account for a code. */
export async function isTwoFactorOn(db: Db, userId: string): Promise<boolean> {
  return Boolean((await rowOf(db, userId))?.enabledAt);
}

/** Starts (or restarts) set-up with a new key; refused while two-factor sign-in is on. */
export async function startSetup(database: AppDatabase, userId: string, now = Date.now()): Promise<boolean> {
  const existing = await rowOf(database.db, userId);
  if (existing?.enabledAt) return false;
  const secretSealed = seal(encodeKey(newTotpKey()));
  await database.writes.run([
    build
      .insert(twoFactor)
      .values({ userId, secretSealed, createdAt: new Date(now), updatedAt: new Date(now) })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secretSealed, updatedAt: new Date(now) },
        // Never replace the key of an account that turned it on in the meantime.
        setWhere: isNull(twoFactor.enabledAt),
      }),
  ]);
  return true;
}

async function passwordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  return Boolean(user?.passwordHash && (await verifyPassword(user.passwordHash, password)));
}

function recoveryCodeStatements(userId: string, codes: readonly string[], now: number): WriteQuery[] {
  return [
    build.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    build.insert(recoveryCodes).values(
      codes.map((code) => ({
        id: crypto.randomUUID(),
        userId,
        codeHash: Buffer.from(hashRecoveryCode(code)),
        createdAt: new Date(now),
      })),
    ),
  ];
}

/** Keeps new codes for the account page to show once (plain form posts only: JSON gets them in the answer). */
const revealSet = (codes: readonly string[] | null, now: number) => ({
  recoveryCodesRevealSealed: codes ? seal(JSON.stringify(codes)) : null,
  recoveryCodesRevealUntil: codes ? new Date(now + REVEAL_MS) : null,
});

/** A write whose `.returning()` names the rows it changed. */
type ReturningWrite = RunnableQuery<unknown[], 'sqlite'>;

/** Runs `first` in a write transaction; only when it changed a row do `then` run, in the same commit. */
function whenChanged(database: AppDatabase, first: ReturningWrite, then: WriteQuery[]): Promise<boolean> {
  return database.writes.transaction(async (tx) => {
    const [changed] = await tx.batch([first]);
    if (changed.length === 0) return false;
    if (then.length > 0) await tx.batch(then);
    return true;
  });
}

export type EnableResult =
  | ({ ok: true; recoveryCodes: string[] } & PassedSession)
  | { ok: false; reason: 'wrong-password' | 'no-setup' | 'wrong-code' };

/**
 * Turns two-factor sign-in on once the app proves it holds the key (a current code) and the
 * person their password. In the same commit: ten new recovery codes, every other session of
 * the account signed out (they never passed a code), this session replaced by a new one that
 * has passed one (a new token: see replaceSessionStatements), and the audit entry.
 */
export async function enableTwoFactor(
  database: AppDatabase,
  input: { userId: string; sessionId: string; password: string; code: string; reveal: boolean; device: Device },
  origin: Origin,
  now = Date.now(),
): Promise<EnableResult> {
  const { userId } = input;
  if (!(await passwordMatches(database.db, userId, input.password))) return { ok: false, reason: 'wrong-password' };
  const row = await rowOf(database.db, userId);
  if (!row || row.enabledAt) return { ok: false, reason: 'no-setup' };
  const step = matchingStep(decodeKey(unseal(row.secretSealed)), input.code, row.lastUsedStep, now);
  if (step === null) return { ok: false, reason: 'wrong-code' };
  const codes = newRecoveryCodes();
  const passed = replaceSessionStatements(input.sessionId, userId, input.device, now);
  const enabled = await whenChanged(
    database,
    build
      .update(twoFactor)
      .set({
        enabledAt: new Date(now),
        lastUsedStep: step,
        updatedAt: new Date(now),
        ...revealSet(input.reveal ? codes : null, now),
      })
      .where(
        and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt), eq(twoFactor.secretSealed, row.secretSealed)),
      )
      .returning({ userId: twoFactor.userId }),
    [
      ...recoveryCodeStatements(userId, codes, now),
      invalidateUserSessionsStatement(userId, input.sessionId),
      ...passed.statements,
      audit('auth.two-factor-enable', userId, origin, now, {
        recoveryCodes: codes.length,
        otherSessionsSignedOut: true,
      }),
    ],
  );
  return enabled
    ? { ok: true, recoveryCodes: codes, token: passed.token, session: passed.session }
    : { ok: false, reason: 'no-setup' };
}

type CodeCheck = { method: 'totp'; first: ReturningWrite } | { method: 'recovery-code'; first: ReturningWrite } | null;

/**
 * The statement that spends `code` for the account, to run first in a transaction: a TOTP code
 * moves the last used step forward (only if it is still behind), a recovery code gets its
 * used time (only if it has none). null when the code is wrong without asking further.
 */
function spendCode(userId: string, row: TwoFactorRow, code: string, now: number): CodeCheck {
  if (looksLikeTotp(code)) {
    const step = matchingStep(decodeKey(unseal(row.secretSealed)), code, row.lastUsedStep, now);
    if (step === null) return null;
    return {
      method: 'totp',
      first: build
        .update(twoFactor)
        .set({ lastUsedStep: step, updatedAt: new Date(now) })
        .where(
          and(
            eq(twoFactor.userId, userId),
            isNotNull(twoFactor.enabledAt),
            eq(twoFactor.secretSealed, row.secretSealed),
            lt(twoFactor.lastUsedStep, step),
          ),
        )
        .returning({ userId: twoFactor.userId }),
    };
  }
  return {
    method: 'recovery-code',
    first: build
      .update(recoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, Buffer.from(hashRecoveryCode(code))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id }),
  };
}

export type SecondFactorResult = ({ ok: true; method: 'totp' | 'recovery-code' } & PassedSession) | { ok: false };

/**
 * The sign-in code step: a TOTP code (one step either side, never one already used) or a
 * recovery code (spent, and audited). On success, in the same commit, the half-signed-in
 * session of the password step ends and a new, fully signed-in one takes its place: the
 * caller puts its token in the cookie.
 */
export async function passSecondFactor(
  database: AppDatabase,
  input: { userId: string; sessionId: string; code: string; device: Device },
  origin: Origin,
  now = Date.now(),
): Promise<SecondFactorResult> {
  const row = await rowOf(database.db, input.userId);
  if (!row?.enabledAt) return { ok: false };
  const spend = spendCode(input.userId, row, input.code, now);
  if (!spend) return { ok: false };
  const action = spend.method === 'totp' ? 'auth.two-factor-verify' : 'auth.two-factor-recovery-code-used';
  const fresh = replaceSessionStatements(input.sessionId, input.userId, input.device, now);
  const passed = await whenChanged(database, spend.first, [
    ...fresh.statements,
    audit(action, input.userId, origin, now, { session: fresh.session.id, replaced: input.sessionId }),
  ]);
  return passed ? { ok: true, method: spend.method, token: fresh.token, session: fresh.session } : { ok: false };
}

export type DisableResult = { ok: true } | { ok: false; reason: 'wrong-password' | 'not-on' | 'wrong-code' };

/** Turns two-factor sign-in off: the current password and a code (or a recovery code). */
export async function disableTwoFactor(
  database: AppDatabase,
  input: { userId: string; password: string; code: string },
  origin: Origin,
  now = Date.now(),
): Promise<DisableResult> {
  const { userId } = input;
  if (!(await passwordMatches(database.db, userId, input.password))) return { ok: false, reason: 'wrong-password' };
  const row = await rowOf(database.db, userId);
  if (!row?.enabledAt) return { ok: false, reason: 'not-on' };
  const spend = spendCode(userId, row, input.code, now);
  if (!spend) return { ok: false, reason: 'wrong-code' };
  const disabled = await whenChanged(database, spend.first, [
    build.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    build.delete(twoFactor).where(eq(twoFactor.userId, userId)),
    // A sign-in waiting at the code step (someone with the password) must not become a full one.
    build.delete(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.twoFactorVerifiedAt))),
    audit('auth.two-factor-disable', userId, origin, now, { method: spend.method }),
  ]);
  return disabled ? { ok: true } : { ok: false, reason: 'wrong-code' };
}

export type RegenerateResult =
  { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'wrong-password' | 'not-on' };

/** Ten new recovery codes for the current password; the old ones stop working in the same commit. */
export async function regenerateRecoveryCodes(
  database: AppDatabase,
  input: { userId: string; password: string; reveal: boolean },
  origin: Origin,
  now = Date.now(),
): Promise<RegenerateResult> {
  const { userId } = input;
  if (!(await passwordMatches(database.db, userId, input.password))) return { ok: false, reason: 'wrong-password' };
  const codes = newRecoveryCodes();
  const regenerated = await whenChanged(
    database,
    build
      .update(twoFactor)
      .set({ updatedAt: new Date(now), ...revealSet(input.reveal ? codes : null, now) })
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId }),
    [
      ...recoveryCodeStatements(userId, codes, now),
      audit('auth.two-factor-recovery-codes-regenerate', userId, origin, now, { recoveryCodes: codes.length }),
    ],
  );
  return regenerated ? { ok: true, recoveryCodes: codes } : { ok: false, reason: 'not-on' };
}

/**
 * New recovery codes waiting to be shown, read once: the account page shows them and they are
 * cleared in the same request, so a reload, a back button or a later visitor sees nothing.
 */
export async function takeRecoveryCodesReveal(database: AppDatabase, userId: string, now = Date.now()) {
  const [row] = await database.db
    .select({ sealed: twoFactor.recoveryCodesRevealSealed, until: twoFactor.recoveryCodesRevealUntil })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row?.sealed) return null;
  await database.writes.run([build.update(twoFactor).set(revealSet(null, now)).where(eq(twoFactor.userId, userId))]);
  if (!row.until || row.until.getTime() <= now) return null;
  const codes: unknown = JSON.parse(unseal(row.sealed));
  return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : null;
}

/**
 * The way back for someone who lost both the authenticator and the recovery codes, run by whoever
 * runs the server (`npm run admin:reset-two-factor`, docs/operations.md): the key and the recovery
 * codes go and every session of the account ends, in one commit with its audit entry (no actor: the
 * operator). The next sign-in with the password leads an admin straight to setting it up again.
 * false when the account had no two-factor sign-in (nothing changes).
 */
export function resetTwoFactor(database: AppDatabase, userId: string, now = Date.now()): Promise<boolean> {
  return whenChanged(
    database,
    build.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ userId: twoFactor.userId }),
    [
      build.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
      invalidateUserSessionsStatement(userId),
      auditStatement(
        { actorId: null, action: 'admin.two-factor-reset', entityType: 'user', entityId: userId, ip: null },
        now,
      ),
    ],
  );
}

/** For account deletion: the key and recovery codes go with the account's sign-in. */
export const deleteTwoFactorStatements = (userId: string): WriteQuery[] => [
  build.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  build.delete(twoFactor).where(eq(twoFactor.userId, userId)),
];

import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertionOrder } from '#server/db/expressions.ts';
import { getDatabase } from '#server/db/index.ts';
import { auditLog, outbox, users } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { EMAIL_CHANGE_TTL_MS } from '../account-links.server.ts';
import { authenticate, registerUser } from '../accounts.server.ts';
import { ACCOUNT_NOTICES, AUTH, PROFILE } from '../copy.ts';
import { confirmEmailPageState } from '../confirm-email-page.server.ts';
import { confirmEmailChange } from '../profile.server.ts';
import { postConfirmEmail } from './address-links.ts';
import { cancelEmailLink, resendEmailLink, saveProfile } from './profile.ts';
import { callRoute, formOutcomeOf, outcomeCookieOf, pageContext } from '#server/http/testing/call-route.ts';
import { signedInCustomer, TEST_PASSWORD, uniqueEmail } from './test-context.ts';

const database = await getDatabase();
const { db } = database;

const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;
const auditOf = (id: string, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action as 'account.name-change')));
const mailsTo = (to: string) =>
  db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt), desc(insertionOrder));

/** The token in the newest confirmation link sent to `to`. */
async function linkSentTo(to: string): Promise<string> {
  const [mail] = (await mailsTo(to)).filter((m) => m.kind === 'account-email-change');
  const match = /\/confirm-email\?token=([^\s&"]+)/.exec(unseal(mail?.text ?? ''));
  if (!match) throw new Error(`no confirmation link sent to ${to}`);
  return decodeURIComponent(match[1]!);
}

/** POST /api/account/profile as `who`. */
const save = (who: Awaited<ReturnType<typeof signedInCustomer>>, body: Record<string, string>, { form = false } = {}) =>
  callRoute(saveProfile, '/api/account/profile', { body, form, user: who.user, session: who.session });

describe('POST /api/account/profile: name', () => {
  it('a new name is saved at once and audited, without the name itself in the log', async () => {
    const who = await signedInCustomer(database, 'rename');
    // Registration mailed its verification link; the name change must add nothing to it.
    const before = await mailsTo(who.email);
    const { response } = await save(who, { name: 'Maria Isabel Lopez', email: who.email });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: PROFILE.profileSaved, pendingEmail: null });
    expect((await userRow(who.user.id)).name).toBe('Maria Isabel Lopez');
    const [entry] = await auditOf(who.user.id, 'account.name-change');
    expect(entry).toMatchObject({ actorId: who.user.id, entityType: 'user', ip: '203.0.113.10' });
    expect(JSON.stringify(entry)).not.toContain('Maria');
    // A name-only change needs no password and sends no mail.
    expect(before.map((m) => m.kind)).toEqual(['account-verify-email']);
    expect(await mailsTo(who.email)).toEqual(before);
  });

  it('a plain form post comes back to the profile with a notice; a bad name keeps what was typed', async () => {
    const who = await signedInCustomer(database, 'rename-form');
    const ok = await save(who, { name: 'Ana Lopez', email: who.email, currentPassword: '' }, { form: true });
    expect(ok.response.status).toBe(303);
    expect(ok.response.headers.get('location')).toBe('/account/profile');
    expect((await formOutcomeOf(ok.response))?.notice).toBe('profile-saved');
    expect(ACCOUNT_NOTICES.get('profile-saved')?.text).toBe(PROFILE.profileSaved);

    const bad = await save(who, { name: 'A', email: who.email }, { form: true });
    expect(bad.response.headers.get('location')).toBe('/account/profile');
    const feedback = await formOutcomeOf(bad.response);
    expect(feedback?.notice).toBe('profile-invalid');
    expect(feedback).toMatchObject({ form: '/api/account/profile', fields: { name: [AUTH.nameMin] } });
  });
});

describe('POST /api/account/profile: e-mail change', () => {
  it('needs the current password: missing or wrong is refused and nothing is sent', async () => {
    const who = await signedInCustomer(database, 'change-nopw');
    const next = uniqueEmail('wanted');
    const missing = await save(who, { name: who.user.name, email: next });
    expect(missing.response.status).toBe(400);
    expect(await missing.response.json()).toMatchObject({
      fields: { currentPassword: [PROFILE.emailPasswordNeeded] },
    });
    const wrong = await save(who, { name: who.user.name, email: next, currentPassword: 'not-my-password' });
    expect(wrong.response.status).toBe(400);
    expect(await wrong.response.json()).toEqual({
      error: AUTH.wrongCurrentPassword,
      fields: { currentPassword: [AUTH.wrongCurrentPassword] },
    });
    const form = await save(
      who,
      { name: who.user.name, email: next, currentPassword: 'not-my-password' },
      { form: true },
    );
    expect(form.response.headers.get('location')).toBe('/account/profile');
    const feedback = await formOutcomeOf(form.response);
    expect(feedback?.notice).toBe('wrong-password');
    // The typed address comes back to the form; the password never does.
    expect(feedback?.values).toEqual({ name: who.user.name, email: next });

    expect((await userRow(who.user.id)).pendingEmail).toBeNull();
    expect(await mailsTo(next)).toHaveLength(0);
  });

  it('mails a link to the new address and a notice to the old; the link swaps the address once', async () => {
    const who = await signedInCustomer(database, 'change');
    const next = uniqueEmail('New.Address').toUpperCase();
    const { response } = await save(who, { name: who.user.name, email: next, currentPassword: TEST_PASSWORD });
    expect(response.status).toBe(200);
    const normalized = next.toLowerCase();
    expect(await response.json()).toMatchObject({ message: PROFILE.emailChangeSent, pendingEmail: normalized });

    // Nothing changes until the link is opened: the old address still signs in.
    expect(await userRow(who.user.id)).toMatchObject({ email: who.email, pendingEmail: normalized });
    expect(await authenticate(database, who.email, TEST_PASSWORD)).not.toBeNull();
    const [notice] = await mailsTo(who.email);
    expect(notice?.kind).toBe('account-email-change-notice');
    expect(unseal(notice!.text)).toContain(normalized);
    expect(unseal(notice!.text)).not.toContain('token=');
    const token = await linkSentTo(normalized);
    expect(await auditOf(who.user.id, 'account.email-change-request')).toHaveLength(1);

    const confirmed = await confirmEmailChange(database, token, Date.now(), { ip: '198.51.100.4' });
    expect(confirmed).toEqual({ ok: true, email: normalized });
    expect(await userRow(who.user.id)).toMatchObject({ email: normalized, pendingEmail: null });
    const [entry] = await auditOf(who.user.id, 'account.email-change');
    expect(entry).toMatchObject({ ip: '198.51.100.4' });
    expect(JSON.stringify(entry)).not.toContain(normalized);
    expect(await authenticate(database, normalized, TEST_PASSWORD)).not.toBeNull();
    expect(await authenticate(database, who.email, TEST_PASSWORD)).toBeNull();

    // Single use.
    expect(await confirmEmailChange(database, token)).toEqual({ ok: false, reason: 'used' });
  });

  it('an address taken before the link is opened is refused at confirmation, and the request ends', async () => {
    const who = await signedInCustomer(database, 'change-race');
    const next = uniqueEmail('contested');
    await save(who, { name: who.user.name, email: next, currentPassword: TEST_PASSWORD });
    const token = await linkSentTo(next);
    // Someone registers the address in the meantime.
    expect((await registerUser(database, { name: 'Other', email: next, password: TEST_PASSWORD })).ok).toBe(true);

    expect(await confirmEmailChange(database, token)).toEqual({ ok: false, reason: 'taken' });
    expect(await userRow(who.user.id)).toMatchObject({ email: who.email, pendingEmail: null });
    expect(await auditOf(who.user.id, 'account.email-change')).toHaveLength(0);
    expect(await confirmEmailChange(database, token)).toEqual({ ok: false, reason: 'used' });
  });

  it('an address that already has an account is refused at once', async () => {
    const who = await signedInCustomer(database, 'change-taken');
    const other = await signedInCustomer(database, 'already-there');
    const { response } = await save(who, { name: who.user.name, email: other.email, currentPassword: TEST_PASSWORD });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: AUTH.emailTaken, fields: { email: [AUTH.emailTaken] } });
    expect((await userRow(who.user.id)).pendingEmail).toBeNull();
  });

  it('a newer request, a resend or a cancel kills the older link', async () => {
    const who = await signedInCustomer(database, 'change-twice');
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await save(who, { name: who.user.name, email: first, currentPassword: TEST_PASSWORD });
    const firstToken = await linkSentTo(first);
    await save(who, { name: who.user.name, email: second, currentPassword: TEST_PASSWORD });
    const secondToken = await linkSentTo(second);
    expect(await confirmEmailChange(database, firstToken)).toEqual({ ok: false, reason: 'used' });
    expect((await userRow(who.user.id)).pendingEmail).toBe(second);

    const resent = await callRoute(resendEmailLink, '/api/account/email/resend', {
      form: true,
      user: who.user,
      session: who.session,
    });
    expect(resent.response.headers.get('location')).toBe('/account/profile');
    expect((await formOutcomeOf(resent.response))?.notice).toBe('email-change-resent');
    const resentToken = await linkSentTo(second);
    expect(resentToken).not.toBe(secondToken);
    expect(await confirmEmailChange(database, secondToken)).toEqual({ ok: false, reason: 'used' });

    const canceled = await callRoute(cancelEmailLink, '/api/account/email/cancel', {
      user: who.user,
      session: who.session,
    });
    expect(canceled.response.status).toBe(200);
    expect((await userRow(who.user.id)).pendingEmail).toBeNull();
    expect(await auditOf(who.user.id, 'account.email-change-cancel')).toHaveLength(1);
    expect(await confirmEmailChange(database, resentToken)).toEqual({ ok: false, reason: 'used' });
    expect((await userRow(who.user.id)).email).toBe(who.email);

    // Nothing left to resend or cancel.
    const again = await callRoute(cancelEmailLink, '/api/account/email/cancel', {
      user: who.user,
      session: who.session,
    });
    expect(again.response.status).toBe(409);
    expect(await again.response.json()).toEqual({ error: PROFILE.noPendingEmail });
  });

  it('a link expires after 24 hours; a made-up one is invalid', async () => {
    const who = await signedInCustomer(database, 'change-late');
    const next = uniqueEmail('late');
    await save(who, { name: who.user.name, email: next, currentPassword: TEST_PASSWORD });
    const token = await linkSentTo(next);
    expect(await confirmEmailChange(database, token, Date.now() + EMAIL_CHANGE_TTL_MS + 1000)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(await confirmEmailChange(database, 'garbage')).toEqual({ ok: false, reason: 'invalid' });
    expect(await confirmEmailChange(database, null)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('signed out: 401 JSON, and a form goes to log in', async () => {
    const json = await callRoute(saveProfile, '/api/account/profile', {
      body: { name: 'X Y', email: 'x@example.com' },
    });
    expect(json.response.status).toBe(401);
    const form = await callRoute(saveProfile, '/api/account/profile', {
      body: { name: 'X Y', email: 'x@example.com' },
      form: true,
    });
    expect(form.response.headers.get('location')).toMatch(/^\/auth\?next=/);
  });
});

describe('/confirm-email', () => {
  const open = async (query: string, method = 'GET', cookies: Record<string, string> = {}) => {
    const page = pageContext(`/confirm-email${query}`, { method, cookies, ip: '198.51.100.9' });
    return { state: await confirmEmailPageState(page), headers: page.response.headers };
  };
  const press = (token: string, form = false) =>
    callRoute(postConfirmEmail, '/api/email/confirm', { body: { token }, form, ip: '198.51.100.9' });

  it('GET and HEAD only show the button (a mail scanner changes nothing); its POST makes the change', async () => {
    const who = await signedInCustomer(database, 'confirm-page');
    const next = uniqueEmail('page');
    await save(who, { name: who.user.name, email: next, currentPassword: TEST_PASSWORD });
    const token = await linkSentTo(next);
    const query = `?token=${encodeURIComponent(token)}`;

    // Scanners and link checkers send GET and HEAD, without cookies, as often as they like.
    for (const method of ['HEAD', 'GET', 'GET']) {
      const opened = await open(query, method);
      expect(opened.state).toEqual({ kind: 'button', token, email: next });
      expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect((await userRow(who.user.id)).email).toBe(who.email);
    expect(await auditOf(who.user.id, 'account.email-change')).toHaveLength(0);

    const pressed = await press(token);
    expect(pressed.response.status).toBe(200);
    expect(await pressed.response.json()).toEqual({ message: PROFILE.emailConfirmed, email: next });
    const changed = await userRow(who.user.id);
    expect(changed.email).toBe(next);
    // The link came to the new address: the account has proven it.
    expect(changed.emailVerifiedAt).not.toBeNull();
    expect((await auditOf(who.user.id, 'account.email-change'))[0]?.ip).toBe('198.51.100.9');

    expect((await open(query)).state).toEqual({ kind: 'problem', message: PROFILE.emailChangeUsed });
    const again = await press(token, true);
    expect(again.response.status).toBe(303);
    expect(again.response.headers.get('location')).toBe(`/confirm-email${query}`);
    expect((await formOutcomeOf(again.response))?.notice).toBe('used');
    const followed = await open(query, 'GET', outcomeCookieOf(again.response));
    expect(followed.state).toEqual({ kind: 'problem', message: PROFILE.emailChangeUsed });
    // The first press, as a plain form post, lands on the page saying it is done.
    const other = await signedInCustomer(database, 'confirm-page-form');
    const nextOther = uniqueEmail('page-form');
    await save(other, { name: other.user.name, email: nextOther, currentPassword: TEST_PASSWORD });
    const first = await press(await linkSentTo(nextOther), true);
    expect(first.response.headers.get('location')).toBe('/confirm-email');
    expect((await open('', 'GET', outcomeCookieOf(first.response))).state).toEqual({ kind: 'done' });
    expect((await open('')).state).toEqual({ kind: 'problem', message: PROFILE.emailChangeInvalid });
  });
});

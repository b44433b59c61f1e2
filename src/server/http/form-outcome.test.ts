import type { AstroCookies } from 'astro';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createDecipheriv } from 'node:crypto';
import { getDatabase } from '../db/index.ts';
import { pruneExpired } from '../db/housekeeping.ts';
import { formOutcomes } from '../db/schema.ts';
import { feedbackFor, formOutcomePruning, keepFormOutcome, takeFormOutcome } from './form-outcome.ts';
import { defineMutation, done, fail, landing, navigate } from './mutation.ts';
import { callRoute, formOutcomeOf } from './testing/call-route.ts';

/**
 * A browser's cookie store for one site, as far as AstroCookies goes: what one answer set, the
 * next request sends. `cookies()` is one request's view of it (a page reads its outcome once).
 */
function browser() {
  const store = new Map<string, string>();
  const writes: { name: string; options: Record<string, unknown> | undefined }[] = [];
  const cookies = () =>
    ({
      set: (name: string, value: string, options?: Record<string, unknown>) => {
        store.set(name, value);
        writes.push({ name, options });
      },
      get: (name: string) => (store.has(name) ? { value: store.get(name) ?? '' } : undefined),
      delete: (name: string) => {
        store.delete(name);
      },
    }) as unknown as AstroCookies;
  return { cookies, store, writes };
}

const encoded = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

async function storedRows() {
  const { db } = await getDatabase();
  return db.select().from(formOutcomes);
}

describe('the form outcome cookie', () => {
  it('carries a notice to the next page, HttpOnly, SameSite=Lax, for 60 s, Secure under https', async () => {
    const { cookies, writes } = browser();
    await keepFormOutcome(cookies(), { notice: 'password-changed', secure: true });
    expect(writes).toEqual([
      {
        name: 'form_outcome',
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure: true, maxAge: 60 },
      },
    ]);
    expect(await takeFormOutcome(cookies(), true)).toEqual({ notice: 'password-changed' });
  });

  it('is read once: a reload shows nothing, while every reader of the same request sees it', async () => {
    const { cookies } = browser();
    await keepFormOutcome(cookies(), { notice: 'moved', form: '/api/x', fields: { a: ['wrong'] }, secure: false });
    const page = cookies();
    expect((await takeFormOutcome(page, false))?.notice).toBe('moved');
    // A section of the same page reads it too (a thread under an order page).
    expect((await takeFormOutcome(page, false))?.fields).toEqual({ a: ['wrong'] });
    expect(await takeFormOutcome(cookies(), false)).toBeNull();
  });

  it('carries field messages and typed values to their own form only', async () => {
    const { cookies } = browser();
    await keepFormOutcome(cookies(), {
      form: '/api/account/profile',
      notice: 'profile-invalid',
      fields: { name: ['Name is too short'] },
      raw: { name: 'J', email: 'j@example.com' },
      secure: false,
    });
    const outcome = await takeFormOutcome(cookies(), false);
    expect(outcome?.notice).toBe('profile-invalid');
    const profile = feedbackFor(outcome, '/api/account/profile');
    expect(profile.error('name')).toBe('Name is too short');
    expect(profile.value('email')).toBe('j@example.com');
    expect(feedbackFor(outcome, '/api/account/delete').error('name')).toBeUndefined();
    // Names from the prototype find nothing.
    expect(profile.error('constructor')).toBeUndefined();
  });

  it('gives back long text whole: a 4,000-character message, in any script, and many fields', async () => {
    const { cookies, store } = browser();
    const notes = `${'Ünïcödé 🌴 line\n'.repeat(250)}`.slice(0, 4000);
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, 'v'.repeat(2000)]));
    await keepFormOutcome(cookies(), {
      form: '/api/bookings',
      notice: 'taken',
      fields: { start: ['That time was just taken'] },
      raw: { notes, ...many },
      secure: false,
    });
    // The cookie stays small whatever was typed: the text is kept on the server.
    expect((store.get('form_outcome') ?? '').length).toBeLessThan(100);
    const outcome = await takeFormOutcome(cookies(), false);
    expect(outcome?.values?.notes).toBe(notes);
    expect(outcome?.values?.field29).toBe('v'.repeat(2000));
  });

  it('keeps what was typed unreadable at rest, and forgets it once read', async () => {
    const { cookies, store } = browser();
    await keepFormOutcome(cookies(), {
      form: '/api/x',
      notice: 'invalid',
      raw: { notes: 'my private notes about the shop' },
      secure: false,
    });
    const rows = await storedRows();
    expect(rows.map((row) => row.body).join()).not.toContain('private notes');
    // The row alone (no key from the cookie) opens nothing; a wrong key neither.
    const value = store.get('form_outcome') ?? '';
    const forged = browser();
    forged.store.set('form_outcome', value.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`));
    expect(await takeFormOutcome(forged.cookies(), false)).toBeNull();
    // The forged read deleted the row, as any read does: the outcome is gone for good.
    expect(await takeFormOutcome(cookies(), false)).toBeNull();
    expect(await storedRows()).toEqual([]);
  });

  it('expires: a stored outcome older than a minute is not shown, and housekeeping prunes it', async () => {
    const { cookies } = browser();
    const then = Date.now() - 61_000;
    await keepFormOutcome(cookies(), { form: '/api/x', fields: { a: ['m'] }, secure: false }, then);
    const other = browser();
    await keepFormOutcome(other.cookies(), { form: '/api/y', fields: { b: ['m'] }, secure: false }, then);
    expect(await takeFormOutcome(cookies(), false)).toBeNull();
    const { client } = await getDatabase();
    expect(await pruneExpired(client, [formOutcomePruning])).toEqual({ formOutcomes: 1 });
    expect(await takeFormOutcome(other.cookies(), false)).toBeNull();
  });

  it('never stores passwords, tokens or codes', async () => {
    const { cookies, store } = browser();
    await keepFormOutcome(cookies(), {
      form: '/api/account/two-factor/disable',
      fields: { code: ['Wrong code'] },
      raw: {
        email: 'j@example.com',
        currentPassword: 'hunter2-secret-value',
        newPassword: 'another-secret-value',
        token: 'link-token-value',
        code: '123456',
        recoveryCode: 'abcd-efgh',
      },
      secure: false,
    });
    const value = store.get('form_outcome') ?? '';
    const [, id = '', key = ''] = value.split('.');
    const [row] = (await storedRows()).filter((r) => r.id === id);
    const [iv = '', tag = '', body = ''] = (row?.body ?? '').split('.');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString();
    expect(plain).toContain('j@example.com');
    for (const secret of ['hunter2', 'another-secret', 'link-token', '123456', 'abcd-efgh'])
      expect(plain).not.toContain(secret);
    expect((await takeFormOutcome(cookies(), false))?.values).toEqual({ email: 'j@example.com' });
  });

  it('ignores a crafted cookie: unknown keys, a notice that is no code, wrong shapes, not JSON, no such row', async () => {
    for (const value of [
      encoded({ notice: 'moved', admin: true }),
      encoded({ notice: '<script>alert(1)</script>' }),
      encoded({ fields: { name: 'not a list' } }),
      encoded(['moved']),
      'not base64url json',
      `r.${'a'.repeat(26)}.${'B'.repeat(43)}`,
    ]) {
      const { cookies, store } = browser();
      store.set('form_outcome', value);
      expect(await takeFormOutcome(cookies(), false)).toBeNull();
      // Cleared all the same.
      expect(store.has('form_outcome')).toBe(false);
    }
  });

  it('ignores an oversized cookie', async () => {
    const { cookies, store } = browser();
    store.set('form_outcome', encoded({ notice: 'moved', values: { a: 'x'.repeat(300) } }).repeat(20));
    expect(await takeFormOutcome(cookies(), false)).toBeNull();
  });

  it('sets nothing when there is nothing to say', async () => {
    const { cookies, writes } = browser();
    await keepFormOutcome(cookies(), { form: '/api/x', secure: false });
    expect(writes).toEqual([]);
  });
});

describe('defineMutation answers with the outcome in the cookie, the location clean', () => {
  const route = defineMutation({
    access: 'public',
    schema: z.object({ name: z.string().check(z.minLength(2, 'Name is too short')), password: z.optional(z.string()) }),
    formFailure: (code) => landing('/things#new', `thing-${code}`),
    async handle({ input }) {
      if (input.name === 'taken') return fail(409, 'That name is taken', 'taken', { name: ['That name is taken'] });
      if (input.name === 'island') return navigate(landing('/things#list', 'thing-moved'), { ok: true });
      return done(landing('/things#list', 'thing-saved'), 201, { ok: true });
    },
  });
  const post = (body: Record<string, string>, form: boolean) =>
    callRoute(route, '/api/things', { body, form }).then(({ response }) => response);

  it('a plain form lands on the clean path, the notice in the cookie', async () => {
    const saved = await post({ name: 'Jo' }, true);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/things#list');
    expect(await formOutcomeOf(saved)).toEqual({ notice: 'thing-saved' });
  });

  it('a refused form carries its notice, field messages and typed values (never the password) together', async () => {
    const taken = await post({ name: 'taken', password: 'hunter2-secret' }, true);
    expect(taken.headers.get('location')).toBe('/things#new');
    expect(await formOutcomeOf(taken)).toEqual({
      form: '/api/things',
      notice: 'thing-taken',
      fields: { name: ['That name is taken'] },
      values: { name: 'taken' },
    });
  });

  it('a script gets JSON and no cookie, unless the island navigates: then the notice waits for the next page', async () => {
    const json = await post({ name: 'Jo' }, false);
    expect(json.status).toBe(201);
    expect(await formOutcomeOf(json)).toBeNull();
    const navigating = await post({ name: 'island' }, false);
    expect(await navigating.json()).toEqual({ ok: true, location: '/things#list' });
    expect(await formOutcomeOf(navigating)).toEqual({ notice: 'thing-moved' });
  });
});

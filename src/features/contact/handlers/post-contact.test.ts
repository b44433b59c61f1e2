import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { callRoute } from '#server/http/testing/call-route.ts';
import { takeFormOutcome } from '#server/http/form-outcome.ts';
import { CONTACT } from '../copy.ts';
import { postContact as POST } from './post-contact.ts';
import { getDatabase } from '#server/db/index.ts';

// The route's own database: the temp libSQL file src/server/db/vitest-database.ts points DATABASE_URL at for this test file.
const db = { database: await getDatabase() };

let ip = 0;
/** A fresh client address per test keeps rate limits from leaking between tests. */
let clientIp = '';
beforeEach(() => {
  clientIp = `203.0.113.${++ip}`;
});

/** Cookies the last request set (a plain post's field messages travel in one). */
let cookiesSet = new Map<string, string>();

async function post(body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const request = new Request('http://localhost:4321/api/contact', { method: 'POST', headers, body });
  const call = await callRoute(POST, request, { ip: clientIp });
  cookiesSet = new Map([...call.jar].map(([name, cookie]) => [name, cookie.value]));
  return call.response;
}

const valid = {
  name: 'Jo Doe',
  email: 'jo@example.com',
  subject: 'New site',
  message: 'I would like a website for my bakery.',
};

describe('POST /api/contact', () => {
  it('stores the message and its notification, then answers 201', async () => {
    const res = await post(JSON.stringify(valid));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await db.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: 'Jo Doe', email: 'jo@example.com', subject: 'New site' });
    const mail = await db.database.db.select().from(outbox).where(eq(outbox.kind, 'contact-notification'));
    expect(mail.some((r) => unseal(r.text).includes(id) && r.replyTo === 'jo@example.com')).toBe(true);
  });

  it('trims input and stores an empty subject as none', async () => {
    const res = await post(JSON.stringify({ ...valid, name: '  Ann Lee  ', subject: '   ' }));
    const { id } = (await res.json()) as { id: string };
    const [row] = await db.database.db
      .select({ name: contactMessages.name, subject: contactMessages.subject })
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: 'Ann Lee', subject: null });
  });

  it('answers 400 with the schema messages per field', async () => {
    const res = await post(JSON.stringify({ name: 'J', email: 'nope', message: 'short' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string[]> };
    expect(body.fields).toEqual({ name: [CONTACT.nameMin], email: [CONTACT.email], message: [CONTACT.messageMin] });
  });

  it('answers 400 to malformed JSON and to JSON that is not an object', async () => {
    expect((await post('{"name":')).status).toBe(400);
    expect((await post('[1,2]')).status).toBe(400);
    expect(await (await post('{oops')).json()).toEqual({ error: 'Request body is not valid JSON' });
    for (const notAnObject of ['[1,2]', '42', '"text"', 'null', 'true']) {
      expect(await (await post(notAnObject)).json()).toEqual({ error: 'Expected a JSON object' });
    }
  });

  it('a number or list where text belongs gets a type message, not a length message', async () => {
    const res = await post(JSON.stringify({ ...valid, name: 12345, message: ['a', 'list'] }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string[]> };
    expect(body.fields).toEqual({ name: [CONTACT.nameType], message: [CONTACT.messageType] });
  });

  it('refuses control characters instead of storing something else than was acknowledged', async () => {
    const res = await post(
      JSON.stringify({
        ...valid,
        name: 'Jo\u0000 Doe',
        subject: 'Hi\r\nBcc: x@example.com',
        message: 'Hi\u0000there friend',
      }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string[]> };
    expect(body.fields).toEqual({
      name: [CONTACT.controlSingleLine],
      subject: [CONTACT.controlSingleLine],
      message: [CONTACT.controlMultiline],
    });
    // Line breaks and tabs in the message are kept exactly.
    const ok = await post(JSON.stringify({ ...valid, message: 'Line one\n\tLine two\r\nLine three' }));
    const { id } = (await ok.json()) as { id: string };
    const [row] = await db.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.message).toBe('Line one\n\tLine two\r\nLine three');
  });

  it('answers 415 to other content types, including text/plain that mentions JSON', async () => {
    for (const type of ['text/plain', 'text/plain; application/json', 'application/xml']) {
      const res = await post(JSON.stringify(valid), { 'content-type': type });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ error: 'Content-Type must be application/json' });
    }
    expect((await post(JSON.stringify(valid), {})).status).toBe(415);
  });

  it('answers 413 to bodies over 32 KB, declared or not', async () => {
    const big = JSON.stringify({ ...valid, message: 'x'.repeat(33 * 1024) });
    const res = await post(big);
    expect(res.status).toBe(413);
    const streamed = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const request = new Request('http://localhost:4321/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamed,
      duplex: 'half',
    } as RequestInit);
    const { response: res2 } = await callRoute(POST, request, { ip: clientIp });
    expect(res2.status).toBe(413);
  });

  it('rate-limits each client to 5 messages per 10 minutes: 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await post(JSON.stringify(valid))).status).toBe(201);
    const res = await post(JSON.stringify(valid));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: 'Too many requests. Please try again later.' });
    clientIp = '198.51.100.7';
    expect((await post(JSON.stringify(valid))).status).toBe(201);
  });

  it('pretends to accept a filled honeypot and stores nothing', async () => {
    const messageCount = async () => (await db.database.db.select({ n: count() }).from(contactMessages))[0]!.n;
    const before = await messageCount();
    const res = await post(JSON.stringify({ ...valid, website: 'http://spam.example' }));
    expect(res.status).toBe(201);
    expect(await messageCount()).toBe(before);
  });

  it('answers a plain HTML form post with a 303 to its result page, a refused one with its field messages', async () => {
    const form = new URLSearchParams({
      name: 'No Script',
      email: 'ns@example.com',
      message: 'Sent without JavaScript.',
    });
    const headers = { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://localhost:4321/' };
    const res = await post(form.toString(), headers);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact/result#contact');
    expect(JSON.parse(Buffer.from(cookiesSet.get('form_outcome') ?? '', 'base64url').toString())).toEqual({
      notice: 'sent',
    });
    const bad = await post(new URLSearchParams({ name: 'N' }).toString(), headers);
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/contact/result#contact');
    const value = cookiesSet.get('form_outcome');
    const feedback = await takeFormOutcome(
      { get: () => (value ? { value } : undefined), delete: () => {} } as never,
      false,
    );
    expect(feedback).toMatchObject({
      form: '/api/contact',
      notice: 'invalid',
      fields: { name: [CONTACT.nameMin], email: [CONTACT.email], message: [CONTACT.messageMin] },
      values: { name: 'N' },
    });
    const stored = await db.database.db
      .select({ n: count() })
      .from(contactMessages)
      .where(eq(contactMessages.email, 'ns@example.com'));
    expect(stored[0]!.n).toBe(1);
  });
});

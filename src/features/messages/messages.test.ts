/**
 * An order's Messages: the customer and the agency write to each other (text and an image
 * through the upload pipeline), each new message e-mails the other side with a link, unread
 * counts follow, and nobody else can read, write or fetch a file. The agency's internal notes
 * never reach the customer: not on their page, not in their export, not in a message e-mail.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { site } from '#data/site.ts';
import { auditLog, outbox, orders } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { resetServerEnv, serverEnv } from '#server/env.ts';
import { callRoute, formOutcomeOf, outcomeCookieOf } from '#server/http/testing/call-route.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { database, db, invoiceOrder, person, postAs, versionOf } from '#features/admin/handlers/admin-test-kit.ts';
import { postOrderNote } from '#features/orders/admin/handlers/order-actions.ts';
import { customerOrderPage } from '#features/orders/customer-order.server.ts';
import CustomerOrderPage from '#features/orders/pages/CustomerOrderPage.astro';
import { accountExport } from '#features/portal/account-export.server.ts';
import { UPLOADS } from '#features/intake/uploads/copy.ts';
import { MAX_MESSAGE_CHARS, MAX_THREAD_FILES, MESSAGE_MAIL, MESSAGES } from './copy.ts';
import MessagesSection from './components/MessagesSection.astro';
import AccountUnreadMessages from './components/AccountUnreadMessages.astro';
import { getMessageFile, postAgencyOrderMessage, postCustomerOrderMessage } from './handlers/order-messages.ts';
import { png, postMultipart } from './testing/thread-kit.ts';
import { agencyUnread, agencyUnreadThreads, customerUnread, ensureThread, postStatements } from './threads.server.ts';

process.env.UPLOADS_DIR = mkdtempSync(join(tmpdir(), 'palmetto-messages-'));
resetServerEnv();

async function orderWithCustomer() {
  const id = await invoiceOrder(false);
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  const customer: SessionUser = { id: order!.userId, name: order!.name, email: order!.email, role: 'customer' };
  return { id, customer };
}

const customerPost = (
  id: string,
  fields: Record<string, string>,
  user: SessionUser | null,
  file?: File,
  form = false,
) =>
  postMultipart(postCustomerOrderMessage, `/api/account/orders/${id}/messages`, { id }, fields, user, { file, form });
const agencyPost = (id: string, fields: Record<string, string>, user: SessionUser | null, form = false) =>
  postMultipart(postAgencyOrderMessage, `/api/admin/orders/${id}/messages`, { id }, fields, user, { form });

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

async function mailsTo(to: string, kind: string) {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, kind)));
  return rows.map((m) => ({ ...m, text: unseal(m.text), html: m.html ? unseal(m.html) : '' }));
}

async function render(
  component: typeof MessagesSection | typeof CustomerOrderPage,
  props: Record<string, unknown>,
  user: SessionUser | null,
  cookie?: string,
) {
  const container = await AstroContainer.create();
  container.addServerRenderer({ name: '@astrojs/react', renderer: reactRenderer });
  return container.renderToString(component, {
    props,
    request: new Request('http://localhost:4321/account', { headers: cookie ? { cookie } : {} }),
    locals: { user, session: null },
  });
}

describe('project messages', () => {
  it("the customer's message is kept, e-mails the agency a link, and counts as unread for the agency", async () => {
    const { id, customer } = await orderWithCustomer();
    const before = (await agencyUnread(db)).total;
    const { response } = await customerPost(id, { body: 'Can the header be darker?' }, customer);
    expect(response.status).toBe(201);
    expect((await agencyUnread(db)).total).toBe(before + 1);
    const inbox = serverEnv().AGENCY_INBOX ?? site.email;
    const mails = (await mailsTo(inbox, 'message-to-agency')).filter((m) =>
      m.text.includes(`/admin/orders/${id}#messages`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.replyTo).toBe(customer.email);
    // The message itself is in the mail, with how to answer on the site.
    expect(mails[0]!.text).toContain('Can the header be darker?');
    expect(mails[0]!.html).toContain('Can the header be darker?');
    expect(mails[0]!.text).toContain(MESSAGE_MAIL.agencyHowToAnswer);
  });

  it("the agency's reply e-mails the customer a link, is audited, and shows as unread on /account until opened", async () => {
    const { id, customer } = await orderWithCustomer();
    const admin = await person('admin');
    const { response } = await agencyPost(id, { body: 'Sure, darker it is.' }, admin, true);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/admin/orders/${id}#messages`);
    expect((await formOutcomeOf(response))?.notice).toBe('message-sent');
    const mails = await mailsTo(customer.email, 'message-to-customer');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${serverEnv().SITE_URL}/account/orders/${id}#messages`);
    expect(mails[0]!.text).toContain('Sure, darker it is.');
    expect(mails[0]!.text).toContain(MESSAGE_MAIL.customerHowToAnswer);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'message.post')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(admin.id);

    expect((await customerUnread(db, customer.id)).total).toBe(1);
    const account = await render(AccountUnreadMessages, {}, customer);
    expect(account).toContain(MESSAGES.accountUnread(1));
    expect(account).toContain(`/account/orders/${id}#messages`);
    // Opening the order's page reads the thread.
    const html = await render(MessagesSection, { orderId: id, side: 'customer' }, customer);
    expect(html).toContain('Sure, darker it is.');
    expect((await customerUnread(db, customer.id)).total).toBe(0);
    expect(await render(AccountUnreadMessages, {}, customer)).not.toContain(MESSAGES.accountUnread(1));
  });

  it('the agency reads its side on the admin page: the unread count goes back', async () => {
    const { id, customer } = await orderWithCustomer();
    const admin = await person('admin');
    await customerPost(id, { body: 'Hello?' }, customer);
    const before = (await agencyUnread(db)).total;
    const html = await render(MessagesSection, { orderId: id, side: 'agency' }, admin);
    expect(html).toContain('Hello?');
    expect(html).toContain(customer.name);
    expect((await agencyUnread(db)).total).toBe(before - 1);
  });

  it('an image goes through the upload pipeline: re-encoded, served to the customer and admins, 404 to anyone else', async () => {
    const { id, customer } = await orderWithCustomer();
    const file = new File([await png()], 'header idea.png', { type: 'image/png' });
    const { response } = await customerPost(id, { body: '' }, customer, file);
    expect(response.status).toBe(201);
    const { id: messageId } = (await response.json()) as { id: string };
    const path = `/api/account/messages/files/${messageId}`;
    const fetchAs = (user: SessionUser) =>
      callRoute(getMessageFile, path, { method: 'GET', params: { id: messageId }, user }).then((c) => c.response);
    const own = await fetchAs(customer);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect((await fetchAs(await person('admin'))).status).toBe(200);
    expect((await fetchAs(await person('customer'))).status).toBe(404);
    const html = await render(MessagesSection, { orderId: id, side: 'customer' }, customer);
    expect(html).toContain(`src="${path}?size=thumb"`);
    expect(html).toContain(`id="message-${messageId}"`);

    // The agency's mail links the image to the message on the admin page (sign-in needed), never to the file.
    const inbox = serverEnv().AGENCY_INBOX ?? site.email;
    const [mail] = (await mailsTo(inbox, 'message-to-agency')).filter((m) => m.text.includes(`/admin/orders/${id}`));
    expect(mail!.text).toContain(`header idea.png: ${serverEnv().SITE_URL}/admin/orders/${id}#message-${messageId}`);
    expect(mail!.html).toContain(`href="${serverEnv().SITE_URL}/admin/orders/${id}#message-${messageId}"`);
    expect(`${mail!.text}${mail!.html}`).not.toContain('/api/account/messages/files');
  });

  it("the agency's image reaches the customer as a link to the message on their order page", async () => {
    const { id, customer } = await orderWithCustomer();
    const admin = await person('admin');
    const file = new File([await png()], 'mockup.png', { type: 'image/png' });
    const { response } = await postMultipart(
      postAgencyOrderMessage,
      `/api/admin/orders/${id}/messages`,
      { id },
      { body: 'The new mockup' },
      admin,
      { file },
    );
    expect(response.status).toBe(201);
    const { id: messageId } = (await response.json()) as { id: string };
    const [mail] = await mailsTo(customer.email, 'message-to-customer');
    expect(mail!.text).toContain('The new mockup');
    expect(mail!.text).toContain(`mockup.png: ${serverEnv().SITE_URL}/account/orders/${id}#message-${messageId}`);
    expect(`${mail!.text}${mail!.html}`).not.toContain('/api/account/messages/files');
  });

  it('refuses an empty message and a file that is not an image, keeping nothing', async () => {
    const { id, customer } = await orderWithCustomer();
    const empty = await customerPost(id, { body: '   ' }, customer);
    expect(empty.response.status).toBe(400);
    expect(((await empty.response.json()) as { error: string }).error).toBe(MESSAGES.empty);
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], 'logo.svg', { type: 'image/svg+xml' });
    const refused = await customerPost(id, { body: 'my logo' }, customer, svg, true);
    expect(refused.response.status).toBe(303);
    expect(refused.response.headers.get('location')).toBe(`/account/orders/${id}#messages`);
    expect((await formOutcomeOf(refused.response))?.notice).toBe('message-svg');
    const html = await render(MessagesSection, { orderId: id, side: 'customer' }, customer);
    expect(html).toContain(MESSAGES.none);
  });

  it('a message refused for its image comes back whole on the thread, the file named as the field to fix', async () => {
    const { id, customer } = await orderWithCustomer();
    const long = `${'Here is what I would like on the front page, line by line.\n'.repeat(70)}`.slice(
      0,
      MAX_MESSAGE_CHARS,
    );
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], 'logo.svg', { type: 'image/svg+xml' });
    const refused = await customerPost(id, { body: long }, customer, svg, true);
    expect(refused.response.status).toBe(303);
    const cookie = `form_outcome=${outcomeCookieOf(refused.response).form_outcome}`;
    // A multipart body sends line breaks as CRLF, as browsers do.
    const html = (await render(MessagesSection, { orderId: id, side: 'customer' }, customer, cookie)).replaceAll(
      '\r\n',
      '\n',
    );
    expect(html).toContain(escapeHtml(long));
    expect(html).toMatch(new RegExp(`id="order-message-customer-file-error"[^>]*>${escapeHtml(UPLOADS.svg)}<`));
    expect(html).toMatch(/id="order-message-customer-file"[^>]*aria-invalid="true"/);
  });

  it('a too-large image (declared, never read) comes back with the text typed before it and a clear message', async () => {
    const { id, customer } = await orderWithCustomer();
    const form = new FormData();
    form.append('body', 'Please use this photo of the shop front.');
    form.append('file', new File([new Uint8Array(64 * 1024)], 'shop.jpg', { type: 'image/jpeg' }));
    const encoded = new Response(form);
    const body = await encoded.arrayBuffer();
    // As a browser sends a 20 MB photo: the length is declared up front, over the cap.
    const request = new Request(`http://localhost:4321/api/account/orders/${id}/messages`, {
      method: 'POST',
      headers: {
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': String(20 * 1024 * 1024),
      },
      body,
    });
    const { response } = await callRoute(postCustomerOrderMessage, request, { params: { id }, user: customer });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/account/orders/${id}#messages`);
    const cookie = `form_outcome=${outcomeCookieOf(response).form_outcome}`;
    const html = await render(MessagesSection, { orderId: id, side: 'customer' }, customer, cookie);
    expect(html).toContain('Please use this photo of the shop front.');
    expect(html).toMatch(new RegExp(`id="order-message-customer-file-error"[^>]*>${escapeHtml(UPLOADS.tooLarge)}<`));
    expect(html).toContain(UPLOADS.tooLarge);
  });

  it('says its own notice from the cookie the post left, even when the page read that cookie first; no other', async () => {
    const { id, customer } = await orderWithCustomer();
    const posted = await customerPost(id, { body: 'Noted' }, customer, undefined, true);
    const value = outcomeCookieOf(posted.response).form_outcome;
    expect(value).toBeDefined();
    const html = await render(MessagesSection, { orderId: id, side: 'customer' }, customer, `form_outcome=${value}`);
    expect(html).toContain(MESSAGES.sent);
    const crafted = Buffer.from(JSON.stringify({ notice: 'constructor' })).toString('base64url');
    const other = await render(MessagesSection, { orderId: id, side: 'customer' }, customer, `form_outcome=${crafted}`);
    expect(other).not.toMatch(/role="(alert|status)"/);
    expect(other).not.toContain(MESSAGES.sent);
  });

  it('holds at most MAX_THREAD_FILES images per thread; text still goes', async () => {
    const { id, customer } = await orderWithCustomer();
    const thread = await ensureThread(database, { orderId: id }, customer.id);
    const image = { mimeType: 'image/png' as const, bytes: 10, width: 1, height: 1 };
    for (let i = 0; i < MAX_THREAD_FILES; i += 1) {
      const attachment = { originalName: `${i}.png`, image, storedName: `x${i}.png`, thumbName: `x${i}.webp` };
      await database.writes.run(
        postStatements(thread, { authorId: customer.id, side: 'customer', body: '', attachment }).statements,
      );
    }
    const file = new File([await png()], 'one-more.png', { type: 'image/png' });
    const refused = await customerPost(id, { body: 'and this' }, customer, file);
    expect(refused.response.status).toBe(409);
    expect(((await refused.response.json()) as { error: string }).error).toBe(MESSAGES.tooManyFiles);
    expect((await customerPost(id, { body: 'text only' }, customer)).response.status).toBe(201);
  });

  it("another customer's order is a 404: no post, no thread on the page", async () => {
    const { id } = await orderWithCustomer();
    const stranger = await person('customer');
    const json = await customerPost(id, { body: 'hi' }, stranger);
    expect(json.response.status).toBe(404);
    const form = await customerPost(id, { body: 'hi' }, stranger, undefined, true);
    expect(form.response.status).toBe(303);
    expect(form.response.headers.get('location')).toBe('/account');
    expect(await render(MessagesSection, { orderId: id, side: 'customer' }, stranger)).not.toContain(MESSAGES.title);
    // A customer cannot take the agency's side, nor post as the agency.
    const { customer } = await orderWithCustomer();
    expect(await render(MessagesSection, { orderId: id, side: 'agency' }, customer)).not.toContain(MESSAGES.title);
    expect((await agencyPost(id, { body: 'hi' }, customer)).response.status).toBe(403);
  });
});

describe('internal notes never reach the customer', () => {
  const NOTE = 'INTERNAL-NOTE: customer pays late, keep the files until paid';

  async function orderWithNoteAndMessages() {
    const { id, customer } = await orderWithCustomer();
    const admin = await person('admin');
    const noted = await postAs(
      postOrderNote,
      `/api/admin/orders/${id}/notes`,
      { id },
      { body: NOTE, version: await versionOf(id) },
      admin,
    );
    expect(noted.status).toBe(201);
    await customerPost(id, { body: 'From the customer' }, customer);
    await agencyPost(id, { body: 'From the agency' }, admin);
    return { id, customer, admin };
  }

  it("not on the customer's order page, where the messages are", async () => {
    const { id, customer } = await orderWithNoteAndMessages();
    const page = await customerOrderPage(db, id, customer.id);
    const html = await render(CustomerOrderPage, { ...page!, intake: null, invoices: [] }, customer);
    expect(html).toContain('From the agency');
    expect(html).not.toContain('INTERNAL-NOTE');
  });

  it('not in their data export, which has the messages', async () => {
    const { customer } = await orderWithNoteAndMessages();
    const data = await accountExport(database, customer.id, null);
    expect(data!.projectMessages.map((m) => [m.from, m.body])).toEqual([
      ['customer', 'From the customer'],
      ['agency', 'From the agency'],
    ]);
    expect(JSON.stringify(data)).not.toContain('INTERNAL-NOTE');
  });

  it('not in any e-mail to the customer', async () => {
    const { customer } = await orderWithNoteAndMessages();
    const mails = await db.select().from(outbox).where(eq(outbox.to, customer.email));
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) expect(`${unseal(m.text)}${m.html ? unseal(m.html) : ''}`).not.toContain('INTERNAL-NOTE');
  });

  it('on the admin page, beside the messages', async () => {
    const { id, admin } = await orderWithNoteAndMessages();
    const html = await render(MessagesSection, { orderId: id, side: 'agency' }, admin);
    expect(html).toContain('From the customer');
    expect(html).not.toContain('INTERNAL-NOTE');
  });
});

describe("the dashboard's unread threads", () => {
  it('are read newest first from the partial index, without sorting every unread thread', async () => {
    const query = agencyUnreadThreads(db, 10).toSQL();
    const plan = await database.client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never });
    const details = plan.rows.map((r) => String(r.detail));
    expect(details.join(' | ')).toMatch(/USING INDEX message_threads_agency_unread_recent_idx/);
    expect(
      details.some((d) => d.includes('TEMP B-TREE')),
      details.join(' | '),
    ).toBe(false);
  });
});

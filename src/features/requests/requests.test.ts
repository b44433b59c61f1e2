/**
 * Care-plan requests: only a customer with an active plan sends one (the others see what the
 * plan includes and how to add it); the agency's queue filters by status, assigns to a member
 * of the team, replies and moves the status, each change audited, and the customer is e-mailed
 * on every status change and every reply. Another customer's request is a 404.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricingReadings } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import { team } from '#data/team.ts';
import { auditLog, careRequests, outbox, subscriptions, type SubscriptionStatus } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { resetServerEnv, serverEnv } from '#server/env.ts';
import type { FormOutcome } from '#server/http/form-outcome.ts';
import { callRoute, formOutcomeOf } from '#server/http/testing/call-route.ts';
import { UPLOADS } from '#features/intake/uploads/copy.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { db, person, postAs } from '#features/admin/handlers/admin-test-kit.ts';
import { MESSAGE_MAIL } from '#features/messages/copy.ts';
import { png, postMultipart } from '#features/messages/testing/thread-kit.ts';
import { customerUnread, messagesOf, threadOf } from '#features/messages/threads.server.ts';
import { ADMIN_REQUESTS, MAX_DETAILS_CHARS, REQUEST_NOTICES, REQUESTS } from './copy.ts';
import {
  postAgencyRequestMessage,
  postCustomerRequestMessage,
  postNewRequest,
  postRequestAssign,
  postRequestStatus,
} from './handlers/request-routes.ts';
import CustomerRequestsPage from './pages/CustomerRequestsPage.astro';
import { activePlanOf, requestQueue, requestsOfCustomer, requestWithCustomer } from './requests.server.ts';

process.env.UPLOADS_DIR = mkdtempSync(join(tmpdir(), 'palmetto-requests-'));
resetServerEnv();

async function customerWithPlan(status: SubscriptionStatus = 'active') {
  const customer = await person('customer');
  const now = new Date();
  await db.insert(subscriptions).values({
    id: crypto.randomUUID().replaceAll('-', '').slice(0, 26),
    userId: customer.id,
    description: 'All-Inclusive Monthly Plan',
    priceCents: 19_900,
    interval: 'month',
    status,
    createdBy: 'checkout',
    createdAt: now,
    updatedAt: now,
  });
  return customer;
}

const ask = (user: SessionUser, fields: Record<string, string>, options: { file?: File; form?: boolean } = {}) =>
  postMultipart(postNewRequest, '/api/account/requests', {}, fields, user, options);

async function openRequest(customer: SessionUser) {
  const { response } = await ask(customer, { page: 'Menu', details: 'New prices for the lunch menu.' });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const versionOf = async (id: string) =>
  String((await db.select({ v: careRequests.version }).from(careRequests).where(eq(careRequests.id, id)))[0]?.v);

async function mailsTo(to: string, kind: string) {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, kind)));
  return rows.map((m) => ({ subject: m.subject, text: unseal(m.text) }));
}

async function renderList(user: SessionUser, outcome: FormOutcome | null = null) {
  const container = await AstroContainer.create();
  return container.renderToString(CustomerRequestsPage, {
    props: {
      hasPlan: (await activePlanOf(db, user.id)) !== null,
      requests: await requestsOfCustomer(db, user.id),
      outcome,
    },
    request: new Request('http://localhost:4321/account/requests'),
    locals: { user, session: null },
  });
}

describe('care-plan requests: the customer', () => {
  it('without an active plan: refused, and the page shows what the plan includes and how to add it', async () => {
    for (const status of [null, 'pending', 'canceled', 'past_due'] as const) {
      const customer = status ? await customerWithPlan(status) : await person('customer');
      const json = await ask(customer, { page: 'Home', details: 'x' });
      expect(json.response.status).toBe(403);
      const form = await ask(customer, { page: 'Home', details: 'x' }, { form: true });
      expect(form.response.status).toBe(303);
      expect(form.response.headers.get('location')).toBe('/account/requests');
      expect((await formOutcomeOf(form.response))?.notice).toBe('request-no-plan');
      expect(await requestsOfCustomer(db, customer.id)).toEqual([]);
    }
    const html = await renderList(await person('customer'));
    expect(html).toContain(REQUESTS.noPlanTitle);
    const plan = pricingReadings.custom.checkout.monthly!;
    for (const feature of plan.features) expect(html).toContain(feature);
    expect(html).toContain('href="/pricing"');
    expect(html).not.toContain('action="/api/account/requests"');
    expect(html).toContain(site.contentUpdatePromise);
  });

  it('with an active plan: the request is Open, the agency is e-mailed a link, the image joins its thread', async () => {
    const customer = await customerWithPlan();
    const file = new File([await png()], 'new-photo.png', { type: 'image/png' });
    const { response } = await ask(
      customer,
      { page: 'Gallery', details: 'Swap the first photo.' },
      { file, form: true },
    );
    expect(response.status).toBe(303);
    const [row] = await requestsOfCustomer(db, customer.id);
    expect(row!.request).toMatchObject({
      page: 'Gallery',
      details: 'Swap the first photo.',
      status: 'open',
      assignee: null,
    });
    expect(response.headers.get('location')).toBe(`/account/requests/${row!.request.id}#messages`);
    expect((await formOutcomeOf(response))?.notice).toBe('request-sent');
    const mails = (await mailsTo(serverEnv().AGENCY_INBOX ?? site.email, 'request-new')).filter((m) =>
      m.text.includes(`/admin/requests/${row!.request.id}#messages`),
    );
    expect(mails).toHaveLength(1);
    const thread = await threadOf(db, { requestId: row!.request.id });
    const [message] = await messagesOf(db, thread!.id);
    expect(message).toMatchObject({ side: 'customer', fileName: 'new-photo.png', fileMimeType: 'image/png' });
    const html = await renderList(customer);
    expect(html).toContain('action="/api/account/requests"');
    expect(html).toContain('Gallery');
    expect(html).toContain(site.contentUpdatePromise);
  });

  it('a request refused for its image comes back with the page and every word of the details, the file to fix', async () => {
    const customer = await customerWithPlan();
    const details = 'Swap the lunch prices: soup 6, salad 8, sandwich 11. '.repeat(70).slice(0, MAX_DETAILS_CHARS);
    const pdf = new File(['%PDF-1.4 menu'], 'menu.pdf', { type: 'application/pdf' });
    const { response } = await ask(customer, { page: 'Menu', details }, { file: pdf, form: true });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/account/requests');
    const outcome = await formOutcomeOf(response);
    expect(outcome).toMatchObject({
      form: '/api/account/requests',
      notice: 'request-file',
      fields: { file: [UPLOADS.pdf] },
      values: { page: 'Menu', details },
    });
    const html = await renderList(customer, outcome);
    expect(html).toContain(details);
    expect(html).toMatch(new RegExp(`id="request-file-error"[^>]*>${UPLOADS.pdf}<`));
    expect(await requestsOfCustomer(db, customer.id)).toEqual([]);
  });

  it('a too-large image says so clearly, on the same form, with what was typed', async () => {
    const customer = await customerWithPlan();
    const form = new FormData();
    form.append('page', 'Gallery');
    form.append('details', 'Add this photo of the new patio.');
    form.append('file', new File([new Uint8Array(1024)], 'patio.jpg', { type: 'image/jpeg' }));
    const encoded = new Response(form);
    const request = new Request('http://localhost:4321/api/account/requests', {
      method: 'POST',
      headers: {
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': String(12 * 1024 * 1024),
      },
      body: await encoded.arrayBuffer(),
    });
    const { response } = await callRoute(postNewRequest, request, { user: customer });
    expect(response.status).toBe(303);
    const outcome = await formOutcomeOf(response);
    expect(outcome).toMatchObject({
      notice: 'request-too-large',
      fields: { file: [UPLOADS.tooLarge] },
      values: { page: 'Gallery', details: 'Add this photo of the new patio.' },
    });
    expect(REQUEST_NOTICES.get('request-too-large')?.text).toBe(UPLOADS.tooLarge);
    const json = await callRoute(
      postNewRequest,
      new Request('http://localhost:4321/api/account/requests', {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': encoded.headers.get('content-type') ?? '',
          'content-length': String(12 * 1024 * 1024),
        },
        body: await new Response(form).arrayBuffer(),
      }),
      { user: customer },
    );
    expect(json.response.status).toBe(413);
    expect(await json.response.json()).toMatchObject({ error: UPLOADS.tooLarge });
  });

  it('says what is missing', async () => {
    const customer = await customerWithPlan();
    const { response } = await ask(customer, { page: ' ', details: '' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string[]> };
    expect(body.fields).toEqual({ page: [REQUESTS.pageRequired], details: [REQUESTS.detailsRequired] });
  });

  it("another customer's request is a 404: not readable, no reply", async () => {
    const owner = await customerWithPlan();
    const id = await openRequest(owner);
    const stranger = await customerWithPlan();
    expect(await requestWithCustomer(db, id, stranger.id)).toBeNull();
    const reply = await postMultipart(
      postCustomerRequestMessage,
      `/api/account/requests/${id}/messages`,
      { id },
      { body: 'mine now' },
      stranger,
    );
    expect(reply.response.status).toBe(404);
  });
});

describe('care-plan requests: the agency', () => {
  it('moves the status, e-mails the customer each time, audits it, and refuses a stale or same move', async () => {
    const customer = await customerWithPlan();
    const admin = await person('admin');
    const id = await openRequest(customer);
    const path = `/api/admin/requests/${id}/status`;
    const first = await postAs(
      postRequestStatus,
      path,
      { id },
      { status: 'in_progress', version: await versionOf(id) },
      admin,
      true,
    );
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/admin/requests/${id}`);
    expect((await formOutcomeOf(first))?.notice).toBe('status-saved');
    const stale = await postAs(postRequestStatus, path, { id }, { status: 'done', version: '0' }, admin);
    expect(stale.status).toBe(409);
    const same = await postAs(
      postRequestStatus,
      path,
      { id },
      { status: 'in_progress', version: await versionOf(id) },
      admin,
    );
    expect(same.status).toBe(409);
    // Close = Done.
    expect(
      (await postAs(postRequestStatus, path, { id }, { status: 'done', version: await versionOf(id) }, admin)).status,
    ).toBe(200);

    const mails = await mailsTo(customer.email, 'request-status');
    expect(mails.map((m) => m.subject)).toEqual([
      `${site.brand}: your content update request is In progress`,
      `${site.brand}: your content update request is Done`,
    ]);
    expect(mails[0]!.text).toContain(`${serverEnv().SITE_URL}/account/requests/${id}#messages`);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'request.status')));
    expect(audits.map((a) => a.after)).toEqual([{ status: 'in_progress' }, { status: 'done' }]);
    expect(audits.every((a) => a.actorId === admin.id)).toBe(true);
    // A customer cannot move it.
    expect(
      (await postAs(postRequestStatus, path, { id }, { status: 'open', version: await versionOf(id) }, customer))
        .status,
    ).toBe(403);
  });

  it('assigns to a member of the team only, audited', async () => {
    const customer = await customerWithPlan();
    const admin = await person('admin');
    const id = await openRequest(customer);
    const path = `/api/admin/requests/${id}/assign`;
    const stranger = await postAs(
      postRequestAssign,
      path,
      { id },
      { assignee: 'Someone Else', version: await versionOf(id) },
      admin,
    );
    expect(stranger.status).toBe(400);
    const name = team[1].name;
    expect(
      (await postAs(postRequestAssign, path, { id }, { assignee: name, version: await versionOf(id) }, admin)).status,
    ).toBe(200);
    expect((await requestWithCustomer(db, id, null))!.request.assignee).toBe(name);
    expect(
      (await postAs(postRequestAssign, path, { id }, { assignee: '', version: await versionOf(id) }, admin)).status,
    ).toBe(200);
    expect((await requestWithCustomer(db, id, null))!.request.assignee).toBeNull();
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'request.assign')));
    expect(audits.map((a) => a.after)).toEqual([{ assignee: name }, { assignee: null }]);
  });

  it('a reply e-mails the customer a link and is unread for them; theirs e-mails the agency', async () => {
    const customer = await customerWithPlan();
    const admin = await person('admin');
    const id = await openRequest(customer);
    const reply = await postMultipart(
      postAgencyRequestMessage,
      `/api/admin/requests/${id}/messages`,
      { id },
      { body: 'Which lunch prices?' },
      admin,
    );
    expect(reply.response.status).toBe(201);
    const mails = await mailsTo(customer.email, 'message-to-customer');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/account/requests/${id}#messages`);
    // The reply itself is in the mail, and how to answer in the portal.
    expect(mails[0]!.text).toContain('Which lunch prices?');
    expect(mails[0]!.text).toContain(MESSAGE_MAIL.customerHowToAnswer);
    expect((await customerUnread(db, customer.id)).threads).toEqual([{ orderId: null, requestId: id, unread: 1 }]);
    const back = await postMultipart(
      postCustomerRequestMessage,
      `/api/account/requests/${id}/messages`,
      { id },
      { body: 'All of them.' },
      customer,
    );
    expect(back.response.status).toBe(201);
    const toAgency = (await mailsTo(serverEnv().AGENCY_INBOX ?? site.email, 'message-to-agency')).filter((m) =>
      m.text.includes(`/admin/requests/${id}#messages`),
    );
    expect(toAgency).toHaveLength(1);
    expect(toAgency[0]!.text).toContain('All of them.');
  });

  it('the queue filters by status, newest first, a page at a time', async () => {
    const customer = await customerWithPlan();
    const admin = await person('admin');
    const first = await openRequest(customer);
    const second = await openRequest(customer);
    await postAs(
      postRequestStatus,
      `/api/admin/requests/${first}/status`,
      { id: first },
      { status: 'done', version: await versionOf(first) },
      admin,
    );
    const done = await requestQueue(db, { status: 'done', after: null });
    expect(done.rows.map((r) => r.request.id)).toContain(first);
    expect(done.rows.map((r) => r.request.id)).not.toContain(second);
    const open = await requestQueue(db, { status: 'open', after: null });
    expect(open.rows.every((r) => r.request.status === 'open')).toBe(true);
    expect(open.rows.map((r) => r.request.id)).toContain(second);
    const all = await requestQueue(db, { status: null, after: null });
    const ids = all.rows.map((r) => r.request.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const after = all.rows[0]!.request;
    const rest = await requestQueue(db, { status: null, after: { at: after.createdAt.getTime(), id: after.id } });
    expect(rest.rows.map((r) => r.request.id)).not.toContain(after.id);
    expect(ADMIN_REQUESTS.title).toBe('Care-plan requests');
  });
});

/**
 * The agency answers a contact message from /admin: the reply is kept (on the message's page and
 * the lead's history), e-mailed from the product through the outbox in the same commit, audited,
 * the message handled and the lead contacted; a refused reply comes back with what was typed;
 * only admins may write one.
 */
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, contactMessages, contactReplies, leads, outbox } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { formOutcomeOf, outcomeCookieOf } from '#server/http/testing/call-route.ts';
import { takeFormOutcome } from '#server/http/form-outcome.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { database, db, person, postAs } from '#features/admin/handlers/admin-test-kit.ts';
import { uniqueBuyer } from '#features/checkout/checkout-test-kit.ts';
import LeadPage from '#features/leads/admin/LeadPage.astro';
import { ADMIN_LEADS } from '#features/leads/copy.ts';
import { leadPage } from '#features/leads/leads.server.ts';
import { saveContactMessage } from '../../contact.server.ts';
import ContactMessagePage from '../ContactMessagePage.astro';
import { ADMIN_CONTACT, CONTACT_REPLY_MAIL } from '../copy.ts';
import { contactMessagePage } from '../replies.server.ts';
import { postContactReply } from './contact-replies.ts';

async function message(tag: string) {
  const email = uniqueBuyer(tag);
  const { id } = await saveContactMessage(database, {
    name: 'Lena Lead',
    email,
    subject: 'A site for my flower shop',
    message: 'We need a site for our flower shop.',
  });
  return { id, email };
}

const reply = (id: string, body: Record<string, string>, user: SessionUser | null, form = false) =>
  postAs(postContactReply, `/api/admin/messages/${id}/replies`, { id }, body, user, form);

async function render(component: typeof ContactMessagePage | typeof LeadPage, props: Record<string, unknown>) {
  const container = await AstroContainer.create();
  container.addServerRenderer({ name: '@astrojs/react', renderer: reactRenderer });
  return container.renderToString(component, {
    props,
    request: new Request('http://localhost:4321/admin'),
    locals: { user: await person('admin'), session: null },
  });
}

describe('POST /api/admin/messages/{id}/replies', () => {
  it('sends the reply from the product: kept, e-mailed in the same commit, audited, handled, lead contacted', async () => {
    const admin = await person('admin');
    const { id, email } = await message('reply');
    // Line breaks as a browser posts them (CRLF) are kept as LF.
    const res = await reply(id, { body: '  Happy to help!\r\nWhen can we call you?  ' }, admin);
    expect(res.status).toBe(201);
    const { id: replyId } = (await res.json()) as { id: string };

    const [stored] = await db.select().from(contactReplies).where(eq(contactReplies.messageId, id));
    expect(stored).toMatchObject({ id: replyId, authorId: admin.id, body: 'Happy to help!\nWhen can we call you?' });

    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'contact-reply')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Re: A site for my flower shop');
    const text = unseal(mails[0]!.text);
    expect(text).toContain('Happy to help!\nWhen can we call you?');
    expect(text).toContain('We need a site for our flower shop.');
    expect(text).toContain(CONTACT_REPLY_MAIL.howToAnswer);

    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, a.actorId, a.ip])).toEqual([['contact.reply', admin.id, '203.0.113.51']]);
    expect(audit[0]!.after).toEqual({ replyId, to: email, length: 36 });

    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.handledBy).toBe(admin.id);
    const [lead] = await db.select().from(leads).where(eq(leads.email, email));
    expect(lead?.stage).toBe('contacted');
    expect(lead?.awaitingReplySince).toBeInstanceOf(Date);

    // Kept with the message and with the lead.
    const page = await contactMessagePage(db, id);
    expect(page?.replies.map((r) => [r.body, r.authorName])).toEqual([
      ['Happy to help!\nWhen can we call you?', admin.name],
    ]);
    const html = await render(ContactMessagePage, { ...page!, feedback: null });
    expect(html).toContain('When can we call you?');
    expect(html).not.toContain('mailto:');
    const history = await leadPage(db, lead!.id);
    expect(history?.replies.map((r) => r.body)).toEqual(['Happy to help!\nWhen can we call you?']);
    const leadHtml = await render(LeadPage, history!);
    expect(leadHtml).toContain('When can we call you?');
    expect(leadHtml).toContain(`/admin/messages/${id}#reply`);
    // The owner sees the reply clock that loses a silent lead.
    expect(leadHtml).toContain(ADMIN_LEADS.waitingSince);
  });

  it('a plain form lands back on the message with a notice; a refused one keeps what was typed', async () => {
    const admin = await person('admin');
    const { id } = await message('reply-form');
    const sent = await reply(id, { body: 'Thanks, talk soon.' }, admin, true);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/admin/messages/${id}#replies`);
    expect((await formOutcomeOf(sent))?.notice).toBe('reply-sent');

    const refused = await reply(id, { body: 'Half a reply\u0000' }, admin, true);
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(`/admin/messages/${id}#reply`);
    // The outcome is read once, as the page it lands on reads it: the message at the field, the text back.
    const cookies = { get: () => ({ value: outcomeCookieOf(refused).form_outcome }), delete: () => {} };
    const feedback = await takeFormOutcome(cookies as never, false);
    expect(feedback?.fields?.body).toEqual([ADMIN_CONTACT.replyControl]);
    expect(feedback?.values?.body).toBe('Half a reply\u0000');
    const page = await contactMessagePage(db, id);
    const html = await render(ContactMessagePage, { ...page!, feedback });
    expect(html).toContain(ADMIN_CONTACT.replyControl);
    expect(html).toContain('Half a reply');
    expect(await db.select().from(contactReplies).where(eq(contactReplies.messageId, id))).toHaveLength(1);

    const empty = await reply(id, { body: '   ' }, admin);
    expect(empty.status).toBe(400);
  });

  it('admins only; an unknown message is a 404; nothing is written', async () => {
    const { id, email } = await message('reply-denied');
    expect((await reply(id, { body: 'Hi' }, await person('customer'))).status).toBe(403);
    expect((await reply(id, { body: 'Hi' }, null)).status).toBe(401);
    const admin = await person('admin');
    expect((await reply(crypto.randomUUID(), { body: 'Hi' }, admin)).status).toBe(404);
    expect((await reply('not-a-uuid', { body: 'Hi' }, admin)).status).toBe(404);
    expect(await db.select().from(contactReplies).where(eq(contactReplies.messageId, id))).toEqual([]);
    expect(
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, email), eq(outbox.kind, 'contact-reply'))),
    ).toEqual([]);
    expect((await db.select().from(leads).where(eq(leads.email, email)))[0]?.stage).toBe('new');
  });
});

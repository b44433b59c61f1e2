/**
 * The .ics a booking mail carries. The outbox stores an attachment as a reference rendered at
 * sending; here the reference is the invitation itself, made when the mail was queued, so a
 * mail about an earlier time never carries a later one. It holds no link or secret.
 */
import type { AttachmentRef } from '#server/db/schema.ts';
import type { Attachment } from '#server/email/mailer.ts';
import { calendarInvite, type InviteEvent } from './ics.ts';

export const INVITE_ATTACHMENT_KIND = 'booking-ics';

export const inviteAttachment = (event: InviteEvent): AttachmentRef => ({
  kind: INVITE_ATTACHMENT_KIND,
  ref: calendarInvite(event),
});

/** The file, as the outbox worker sends it (registered by src/main.ts). */
export async function renderInviteAttachment(_db: unknown, ics: string): Promise<Attachment> {
  const method = /^METHOD:(\w+)/m.exec(ics)?.[1] ?? 'REQUEST';
  return {
    filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: new TextEncoder().encode(ics),
  };
}

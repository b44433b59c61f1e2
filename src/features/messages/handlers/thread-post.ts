/**
 * Posting to a thread, for every thread there is: an order's Messages (customer and admin) and
 * a care-plan request's replies. A multipart form (`body`, an optional `file`) read through the
 * upload pipeline; works as a plain form post (303 back to the thread, its notice in the
 * form-outcome cookie) and as JSON for a script. The message, the other side's unread count,
 * the e-mail to the other side and (an admin's post) the audit entry commit together.
 */
import * as z from 'zod/mini';
import { site } from '#data/site.ts';
import { serverEnv } from '#server/env.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import type { Db, WriteQuery } from '#server/db/index.ts';
import type { MessageSide } from '#server/db/schema.ts';
import { defineMutation, done, landing, type Failure, type FailureCode } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import type { SessionUser } from '#features/accounts/session.server.ts';
import { IMAGE_UPLOAD_FAILURES } from '#features/intake/uploads/failures.ts';
import { UPLOAD_REQUEST_BYTES } from '#features/intake/uploads/limits.ts';
import { readLeadingFields } from '#features/intake/uploads/multipart.server.ts';
import { noControlCharacters } from '#lib/text-fields.ts';
import { forget, receiveMessage } from '../attachments.server.ts';
import { MAX_MESSAGE_CHARS, MAX_THREAD_FILES, MESSAGE_NOTICES, MESSAGES } from '../copy.ts';
import { messageToAgencyMail, messageToCustomerMail, type MailedMessage } from '../mail.ts';
import { messagePath } from '../paths.ts';
import {
  commitWithinFileCap,
  ensureThread,
  postStatements,
  type Attachment,
  type ThreadSubject,
} from '../threads.server.ts';

/** Plenty for a conversation, not for a loop. */
export const MESSAGE_LIMIT: RateLimitRule = { name: 'thread-message', capacity: 30, windowMs: 10 * 60_000 };

/** Who a thread is with, and where each side reads it. */
export interface ThreadTarget {
  subject: ThreadSubject;
  customerId: string;
  customerName: string;
  customerEmail: string;
  /** What it is about, in a sentence: 'order PWS-…', 'your content update request'. */
  what: string;
  /** Paths (with the #messages fragment) of each side's page. */
  customerPath: string;
  agencyPath: string;
  /** For the audit entry of an admin's post. */
  entity: { type: string; id: string };
  /**
   * false while the customer may not see the subject (an order held for its address owner, or
   * waiting for the account to prove its address: accounts/ownership.server.ts): the agency's
   * words stay on the thread, and no mail carries them to the address.
   */
  customerSees?: boolean;
}

const THREAD_FAILURES = {
  'not-found': { status: 404, error: MESSAGES.notFound },
  empty: { status: 400, error: MESSAGES.empty },
  'too-long': { status: 400, error: MESSAGES.tooLong },
  invalid: { status: 400, error: MESSAGES.control },
  limited: { status: 429, error: MESSAGES.limited },
  ...IMAGE_UPLOAD_FAILURES,
  'too-many': { status: 409, error: MESSAGES.tooManyFiles },
} satisfies Record<string, Failure>;

/** The message text: trimmed, at most MAX_MESSAGE_CHARS, no control characters but line breaks. */
const messageBody = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim() : '')),
  z
    .string()
    .check(
      z.maxLength(MAX_MESSAGE_CHARS, { error: 'too-long', abort: true }),
      noControlCharacters('invalid', { multiline: true }),
    ),
);

/** The body's refusal, or null when it may be kept (with or without an attachment). */
function bodyRefusal(body: unknown, hasFile: boolean): { reason: 'empty' | 'too-long' | 'invalid' } | { text: string } {
  const parsed = messageBody.safeParse(body);
  if (!parsed.success) return { reason: parsed.error.issues[0]?.message === 'too-long' ? 'too-long' : 'invalid' };
  if (parsed.data === '' && !hasFile) return { reason: 'empty' };
  return { text: parsed.data };
}

/**
 * The mail to the side that did not write, with the message: its text, and its image as a link
 * to the message on that side's page (signed-in readers only; the file route is never mailed).
 */
function mailToOtherSide(
  target: ThreadTarget,
  side: MessageSide,
  message: { id: string; body: string; attachment: Attachment | null },
  now: number,
): WriteQuery {
  const origin = serverEnv().SITE_URL;
  const path = side === 'customer' ? target.agencyPath : target.customerPath;
  const mailed: MailedMessage = {
    body: message.body,
    image: message.attachment
      ? { name: message.attachment.originalName, url: `${origin}${messagePath(path, message.id)}` }
      : null,
  };
  if (side === 'customer') {
    const mail = messageToAgencyMail(target.customerName, target.what, `${origin}${path}`, mailed);
    return outboxInsert(
      { ...mail, kind: 'message-to-agency', to: serverEnv().AGENCY_INBOX ?? site.email, replyTo: target.customerEmail },
      now,
    );
  }
  const mail = messageToCustomerMail(target.customerName, target.what, `${origin}${path}`, mailed);
  return outboxInsert({ ...mail, kind: 'message-to-customer', to: target.customerEmail }, now);
}

/** `message-<code>` for the thread's page, or the generic one for a code it does not know. */
const noticeFor = (code: FailureCode) => (MESSAGE_NOTICES.has(`message-${code}`) ? `message-${code}` : 'message-error');

/**
 * POST …/{id}/messages for one kind of thread: `find` answers the thread's target for this
 * user (null: not theirs, or no such record: 404), `home` where a plain form goes when there is
 * no thread to go back to.
 */
export function threadPostRoute(spec: {
  access: 'user' | 'admin';
  side: MessageSide;
  home: string;
  find: (db: Db, id: string, user: SessionUser) => Promise<ThreadTarget | null>;
  /** The page a plain form returns to, by the route's id (before the record is found). */
  pathOf: (id: string) => string;
}) {
  return defineMutation({
    access: spec.access,
    params: { id: recordId },
    schema: null,
    limits: [{ rule: MESSAGE_LIMIT, key: 'user' }],
    failures: THREAD_FAILURES,
    // A refused message comes back with its text and the field to fix (the file, or the text).
    stream: {
      types: ['multipart/form-data'],
      maxBytes: UPLOAD_REQUEST_BYTES,
      fileField: 'file',
      leadingFields: readLeadingFields,
    },
    formFailure: (code, { params }) =>
      code === 'not-found' || !params.id ? spec.home : landing(spec.pathOf(params.id), noticeFor(code)),
    async handle({ context, params, user, database, audit, commit, refuse }) {
      const target = await spec.find(database.db, params.id, user);
      if (!target) return refuse('not-found');
      const received = await receiveMessage(context.request);
      const values = received.fields;
      if (!received.ok)
        return refuse(received.reason, { fields: { file: [THREAD_FAILURES[received.reason].error] }, values });
      const { attachment } = received;
      try {
        const body = bodyRefusal(received.fields.body, attachment !== null);
        if ('reason' in body) {
          await forget(attachment);
          return refuse(body.reason, { fields: { body: [THREAD_FAILURES[body.reason].error] }, values });
        }
        const now = Date.now();
        const thread = await ensureThread(database, target.subject, target.customerId, now);
        const posted = postStatements(thread, { authorId: user.id, side: spec.side, body: body.text, attachment }, now);
        const statements = [
          ...posted.statements,
          ...(spec.side === 'agency' && target.customerSees === false
            ? []
            : [mailToOtherSide(target, spec.side, { id: posted.id, body: body.text, attachment }, now)]),
          ...(spec.side === 'agency'
            ? [
                audit({
                  action: 'message.post',
                  entityType: target.entity.type,
                  entityId: target.entity.id,
                  after: { messageId: posted.id, attachment: attachment !== null },
                }),
              ]
            : []),
        ];
        // A post with an image counts the thread's images where it commits: concurrent posts hold the cap.
        if (!attachment) await commit(statements);
        else if (!(await commitWithinFileCap(database, thread.id, MAX_THREAD_FILES, statements))) {
          await forget(attachment);
          return refuse('too-many', { fields: { file: [MESSAGES.tooManyFiles] }, values });
        }
        const path = spec.side === 'customer' ? target.customerPath : target.agencyPath;
        return done(landing(path, 'message-sent'), 201, { id: posted.id });
      } catch (error) {
        await forget(attachment);
        throw error;
      }
    },
  });
}

/**
 * Care-plan requests:
 * - POST /api/account/requests                    a customer with an active plan asks for an update
 *                                                 (multipart: `page`, `details`, optional `file`)
 * - POST /api/account/requests/{id}/messages      the customer's reply on their request
 * - POST /api/admin/requests/{id}/messages        the agency's reply (e-mails the customer)
 * - POST /api/admin/requests/{id}/status          {status, version}: Open, In progress, Done (e-mails the customer)
 * - POST /api/admin/requests/{id}/assign          {assignee, version}: a team member from src/data/team.ts, or none
 * Replies use the one thread module (src/features/messages). Every admin change is audited.
 */
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { site } from '#data/site.ts';
import { team } from '#data/team.ts';
import { CARE_REQUEST_STATUSES, careRequests, users } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { defineMutation, done, landing, type FailureCode } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { noControlCharacters } from '#lib/text-fields.ts';
import { IMAGE_UPLOAD_FAILURES } from '#features/intake/uploads/failures.ts';
import { UPLOAD_REQUEST_BYTES } from '#features/intake/uploads/limits.ts';
import { readLeadingFields } from '#features/intake/uploads/multipart.server.ts';
import { forget, receiveMessage } from '#features/messages/attachments.server.ts';
import { MESSAGE_LIMIT, threadPostRoute, type ThreadTarget } from '#features/messages/handlers/thread-post.ts';
import { agencyRequestPath, customerRequestPath } from '#features/messages/paths.ts';
import { ensureThread, postStatements } from '#features/messages/threads.server.ts';
import type { Db } from '#server/db/index.ts';
import { ADMIN_REQUESTS, MAX_DETAILS_CHARS, MAX_PAGE_CHARS, REQUEST_STATUS_LABELS, REQUESTS } from '../copy.ts';
import { newRequestMail, requestStatusMail } from '../mail.ts';
import { activePlanOf, changeStatement, newRequestStatements, requestWithCustomer } from '../requests.server.ts';

const text = (max: number, required: string) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? v.trim() : '')),
    z
      .string()
      .check(
        z.minLength(1, { error: required, abort: true }),
        z.maxLength(max, { error: REQUESTS.tooLong, abort: true }),
        noControlCharacters(REQUESTS.invalid, { multiline: true }),
      ),
  );

const newRequestFields = z.object({
  page: text(MAX_PAGE_CHARS, REQUESTS.pageRequired),
  details: text(MAX_DETAILS_CHARS, REQUESTS.detailsRequired),
});

/** POST /api/account/requests: a new request (and, with an image, its first message carrying it). */
export const postNewRequest = defineMutation({
  access: 'user',
  schema: null,
  // A refused request comes back with what was typed and the field to fix (src/server/http/form-outcome.ts).
  stream: {
    types: ['multipart/form-data'],
    maxBytes: UPLOAD_REQUEST_BYTES,
    fileField: 'file',
    leadingFields: readLeadingFields,
  },
  limits: [{ rule: MESSAGE_LIMIT, key: 'user' }],
  failures: {
    'no-plan': { status: 403, error: REQUESTS.noPlan },
    invalid: { status: 400, error: REQUESTS.invalid },
    limited: { status: 429, error: REQUESTS.limited },
    ...IMAGE_UPLOAD_FAILURES,
  },
  formFailure: (code: FailureCode) =>
    landing(
      '/account/requests',
      code === 'no-plan' || code === 'limited' || code === 'invalid' || code === 'too-large'
        ? `request-${code}`
        : 'request-file',
    ),
  async handle({ context, user, database, commit, refuse }) {
    if (!(await activePlanOf(database.db, user.id))) return refuse('no-plan');
    const received = await receiveMessage(context.request);
    const values = received.fields;
    if (!received.ok)
      return refuse(received.reason, { fields: { file: [IMAGE_UPLOAD_FAILURES[received.reason].error] }, values });
    const { attachment } = received;
    try {
      const parsed = newRequestFields.safeParse(received.fields);
      if (!parsed.success) {
        await forget(attachment);
        const fields: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'form')] ??= [issue.message];
        return refuse('invalid', { fields, values });
      }
      const now = Date.now();
      const created = newRequestStatements({ userId: user.id, ...parsed.data }, now);
      const origin = serverEnv().SITE_URL;
      const mail = newRequestMail(user.name, parsed.data.page, `${origin}${agencyRequestPath(created.id)}`);
      await commit([
        ...created.statements,
        outboxInsert(
          { ...mail, kind: 'request-new', to: serverEnv().AGENCY_INBOX ?? site.email, replyTo: user.email },
          now,
        ),
      ]);
      if (attachment) {
        // The image travels as the thread's first message, so it is read and served like any other.
        const thread = await ensureThread(database, { requestId: created.id }, user.id, now);
        await commit(
          postStatements(thread, { authorId: user.id, side: 'customer', body: '', attachment }, now).statements,
        );
      }
      return done(landing(customerRequestPath(created.id), 'request-sent'), 201, { id: created.id });
    } catch (error) {
      await forget(attachment);
      throw error;
    }
  },
});

/** The request's thread target for `viewer` (its customer, or an admin); null for anyone else. */
async function requestThreadTarget(db: Db, id: string, ownerId: string | null): Promise<ThreadTarget | null> {
  const found = await requestWithCustomer(db, id, ownerId);
  if (!found) return null;
  return {
    subject: { requestId: id },
    customerId: found.customer.id,
    customerName: found.customer.name,
    customerEmail: found.customer.email,
    what: `your content update request (${found.request.page})`,
    customerPath: customerRequestPath(id),
    agencyPath: agencyRequestPath(id),
    entity: { type: 'care-request', id },
  };
}

export const postCustomerRequestMessage = threadPostRoute({
  access: 'user',
  side: 'customer',
  home: '/account/requests',
  pathOf: customerRequestPath,
  find: (db, id, user) => requestThreadTarget(db, id, user.id),
});

export const postAgencyRequestMessage = threadPostRoute({
  access: 'admin',
  side: 'agency',
  home: '/admin/requests',
  pathOf: agencyRequestPath,
  find: (db, id) => requestThreadTarget(db, id, null),
});

const version = z.coerce.number().check(z.int(), z.nonnegative());
const TEAM_NAMES = team.map((member) => member.name);

const statusSchema = z.object({
  status: z.enum(CARE_REQUEST_STATUSES, { error: ADMIN_REQUESTS.badStatus }),
  version,
});
const assignSchema = z.object({
  /** A team member's name, or '' for nobody. */
  assignee: z.union([z.enum(TEAM_NAMES as [string, ...string[]]), z.literal('')], {
    error: ADMIN_REQUESTS.badAssignee,
  }),
  version,
});

const adminRoute = {
  access: 'admin' as const,
  params: { id: recordId },
  failures: {
    'not-found': { status: 404, error: ADMIN_REQUESTS.notFound },
    stale: { status: 409, error: ADMIN_REQUESTS.stale },
    'same-status': { status: 409, error: ADMIN_REQUESTS.sameStatus },
    invalid: { status: 400, error: ADMIN_REQUESTS.badStatus },
  },
  formFailure: (code: FailureCode, { params }: { params: { id?: string } }) =>
    code === 'not-found' || !params.id
      ? '/admin/requests'
      : landing(`/admin/requests/${params.id}`, code === 'stale' || code === 'same-status' ? code : 'invalid'),
};

/** POST /api/admin/requests/{id}/status: moves the request and e-mails its customer, audited. */
export const postRequestStatus = defineMutation({
  ...adminRoute,
  schema: statusSchema,
  async handle({ input, params, database, audit, refuse }) {
    const now = Date.now();
    const outcome = await database.writes.transaction(async (tx) => {
      const [row] = await tx
        .select({ request: careRequests, name: users.name, email: users.email })
        .from(careRequests)
        .innerJoin(users, eq(users.id, careRequests.userId))
        .where(eq(careRequests.id, params.id));
      if (!row) return 'not-found' as const;
      if (row.request.version !== input.version) return 'stale' as const;
      if (row.request.status === input.status) return 'same-status' as const;
      const label = REQUEST_STATUS_LABELS[input.status];
      const mail = requestStatusMail(
        row.name,
        row.request.page,
        label,
        `${serverEnv().SITE_URL}${customerRequestPath(params.id)}`,
      );
      await tx.batch([
        changeStatement(row.request, { status: input.status }, now),
        audit({
          action: 'request.status',
          entityType: 'care-request',
          entityId: params.id,
          before: { status: row.request.status },
          after: { status: input.status },
        }),
        outboxInsert({ ...mail, kind: 'request-status', to: row.email }, now),
      ]);
      return 'ok' as const;
    });
    if (outcome !== 'ok') return refuse(outcome);
    return done(landing(`/admin/requests/${params.id}`, 'status-saved'), 200, { id: params.id });
  },
});

/** POST /api/admin/requests/{id}/assign: a member of the team (src/data/team.ts) or nobody, audited. */
export const postRequestAssign = defineMutation({
  ...adminRoute,
  schema: assignSchema,
  async handle({ input, params, database, audit, refuse }) {
    const assignee = input.assignee === '' ? null : input.assignee;
    const outcome = await database.writes.transaction(async (tx) => {
      const [row] = await tx.select().from(careRequests).where(eq(careRequests.id, params.id));
      if (!row) return 'not-found' as const;
      if (row.version !== input.version) return 'stale' as const;
      await tx.batch([
        changeStatement(row, { assignee }),
        audit({
          action: 'request.assign',
          entityType: 'care-request',
          entityId: params.id,
          before: { assignee: row.assignee },
          after: { assignee },
        }),
      ]);
      return 'ok' as const;
    });
    if (outcome !== 'ok') return refuse(outcome);
    return done(landing(`/admin/requests/${params.id}`, 'assigned'), 200, { id: params.id });
  },
});

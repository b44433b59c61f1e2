/**
 * The admin's lead actions: POST /api/admin/leads/{id}/stage, /notes, /checkout-link and
 * /checkout-link/renew. Each
 * carries the lead's version (a form rendered before someone else's change is refused), is
 * audited, and a plain form lands back on the lead with a notice.
 */
import * as z from 'zod/mini';
import { pricing } from '#data/pricing.ts';
import { noControlCharacters } from '#lib/text-fields.ts';
import { LEAD_STAGES } from '#server/db/schema.ts';
import { defineMutation, done, landing, type FailureCode } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { versionField } from '#server/http/record-version.ts';
import { ADMIN_LEADS } from '../../copy.ts';
import { addLeadNote, changeLeadStage, renewCheckoutLink, sendCheckoutLink } from '../../leads.server.ts';

const leadPage = (id: string, notice: string) => landing(`/admin/leads/${id}`, notice);

const leadRoute = {
  access: 'admin' as const,
  params: { id: recordId },
  fieldFeedback: false,
  failures: {
    'not-found': { status: 404, error: ADMIN_LEADS.notFound },
    stale: { status: 409, error: ADMIN_LEADS.stale },
  },
  formFailure: (code: FailureCode, { params }: { params: { id?: string } }) =>
    code === 'not-found' || !params.id ? '/admin/leads' : leadPage(params.id, code),
};

const version = versionField(ADMIN_LEADS.stale);

/** POST /api/admin/leads/{id}/stage {version, stage}: audited 'lead.stage'. */
export const postLeadStage = defineMutation({
  ...leadRoute,
  schema: z.object({ version, stage: z.enum(LEAD_STAGES, { error: ADMIN_LEADS.badStage }) }),
  async handle({ input, user, database, params, clientAddress, refuse }) {
    const result = await changeLeadStage(database, {
      leadId: params.id,
      version: input.version,
      stage: input.stage,
      actorId: user.id,
      ip: clientAddress,
    });
    return result.ok ? done(leadPage(params.id, 'stage-changed'), 200, { id: params.id }) : refuse(result.reason);
  },
});

/** POST /api/admin/leads/{id}/notes {version, body}: audited 'lead.note'. */
export const postLeadNote = defineMutation({
  ...leadRoute,
  schema: z.object({
    version,
    body: z
      .string({ error: ADMIN_LEADS.noteRequired })
      .check(
        z.trim(),
        z.minLength(1, ADMIN_LEADS.noteRequired),
        z.maxLength(2000, ADMIN_LEADS.noteTooLong),
        noControlCharacters(ADMIN_LEADS.noteControl, { multiline: true }),
      ),
  }),
  async handle({ input, user, database, params, clientAddress, refuse }) {
    const result = await addLeadNote(database, {
      leadId: params.id,
      version: input.version,
      body: input.body,
      actorId: user.id,
      ip: clientAddress,
    });
    return result.ok ? done(leadPage(params.id, 'note-added'), 201, { id: params.id }) : refuse(result.reason);
  },
});

const maxPages = pricing.checkout.extraPage?.max ?? 0;

/** POST /api/admin/leads/{id}/checkout-link {version, monthly?, extraPages?}: e-mails the lead; audited. */
export const postLeadCheckoutLink = defineMutation({
  ...leadRoute,
  schema: z.object({
    version,
    monthly: z.pipe(
      z.optional(z.union([z.boolean(), z.literal('on')])),
      z.transform((v) => Boolean(pricing.checkout.monthly) && (v === true || v === 'on')),
    ),
    extraPages: z.pipe(
      z.optional(z.union([z.number(), z.string()])),
      z.transform((v, ctx) => {
        const n =
          v === undefined || v === '' ? 0 : typeof v === 'number' ? v : /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : NaN;
        if (Number.isInteger(n) && n >= 0 && n <= maxPages) return n;
        ctx.issues.push({ code: 'custom', message: ADMIN_LEADS.badExtraPages, input: v });
        return z.NEVER;
      }),
    ),
  }),
  async handle({ input, user, database, params, clientAddress, refuse }) {
    const result = await sendCheckoutLink(database, {
      leadId: params.id,
      version: input.version,
      monthly: input.monthly,
      extraPages: input.extraPages,
      actorId: user.id,
      ip: clientAddress,
    });
    return result.ok ? done(leadPage(params.id, 'link-sent'), 200, { id: params.id }) : refuse(result.reason);
  },
});

/**
 * POST /api/admin/leads/{id}/checkout-link/renew {version}: the link already sent fills in the
 * checkout for another week from now, without a new e-mail; audited. 409 while none was sent.
 */
export const postRenewLeadCheckoutLink = defineMutation({
  ...leadRoute,
  failures: { ...leadRoute.failures, 'no-link': { status: 409, error: ADMIN_LEADS.noLinkToRenew } },
  schema: z.object({ version }),
  async handle({ input, user, database, params, clientAddress, refuse }) {
    const result = await renewCheckoutLink(database, {
      leadId: params.id,
      version: input.version,
      actorId: user.id,
      ip: clientAddress,
    });
    return result.ok ? done(leadPage(params.id, 'link-renewed'), 200, { id: params.id }) : refuse(result.reason);
  },
});

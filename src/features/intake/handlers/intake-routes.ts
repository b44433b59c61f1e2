/**
 * The intake's endpoints, all for the signed-in owner of the order:
 * - POST /api/account/intake/{orderId}/draft   JSON { version, data }: autosave and 'Save draft'
 * - POST /api/account/intake/{orderId}/submit  JSON { version, data }: the last changes, then submit
 * - POST /api/account/intake/{orderId}/steps   the step form without JavaScript: its answers,
 *   `version`, `step` and `intent` (save, next, back, submit), answered with a 303 to a step.
 *
 * The step to show is in the URL (`?step=N`); what the page says about the post (draft saved,
 * submitted, why it was refused) is its notice in the form-outcome cookie (../intake-notice.ts).
 */
import * as z from 'zod/mini';
import { defineMutation, done, fail, landing, type Outcome } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import { INTAKE_FIELDS, INTAKE_STEPS } from '../fields.ts';
import { saveDraft, submitIntake, type SaveResult, type SubmitResult } from '../intake.server.ts';
import { INTAKE } from '../copy.ts';
import { intakeNotice } from '../intake-notice.ts';
import { draftSchema } from '../schema.ts';

/** Autosave fires often: generous, but a runaway script still stops. */
export const INTAKE_SAVE_LIMIT: RateLimitRule = { name: 'intake-save', capacity: 120, windowMs: 10 * 60_000 };
const BODY_LIMIT = 48 * 1024;

/** The order whose intake a route acts on: `{orderId}` in its path; one that names none is a 404. */
const intakeRoute = {
  params: { orderId: recordId },
  failures: { 'not-found': { status: 404, error: INTAKE.notFound } },
};

/** The intake page, at `step` (1-based; the first without one). */
export const intakePagePath = (orderId: string, step?: number) =>
  `/account/orders/${orderId}/intake${step ? `?step=${step}` : ''}`;

function refusal(result: Exclude<SaveResult | SubmitResult, { ok: true }>): Outcome {
  switch (result.reason) {
    case 'not-found':
      return fail(404, INTAKE.notFound, 'not-found');
    case 'locked':
      return fail(423, INTAKE.locked, 'locked');
    case 'conflict':
      return fail(409, INTAKE.conflict, 'conflict');
    case 'incomplete':
      return fail(
        400,
        INTAKE.submitMissing,
        'incomplete',
        Object.fromEntries(Object.entries(result.problems).map(([k, v]) => [k, [v]])),
      );
  }
}

/** Autosave and 'Save draft' with JavaScript. */
export const postDraft = defineMutation({
  access: 'user',
  ...intakeRoute,
  schema: draftSchema,
  maxBytes: BODY_LIMIT,
  limits: [{ rule: INTAKE_SAVE_LIMIT, key: 'user' }],
  formFailure: () => '/account',
  async handle({ input, user, database, params }) {
    const { orderId } = params;
    const changes = Object.fromEntries(
      Object.entries(input.data).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const result = await saveDraft(database, { orderId, userId: user.id, version: input.version, changes });
    if (!result.ok) return refusal(result);
    return done(intakePagePath(orderId), 200, { version: result.version, savedAt: result.savedAt.toISOString() });
  },
});

/** Submit with JavaScript: the last unsaved answers ride along. */
export const postSubmit = defineMutation({
  access: 'user',
  ...intakeRoute,
  schema: draftSchema,
  maxBytes: BODY_LIMIT,
  limits: [{ rule: INTAKE_SAVE_LIMIT, key: 'user' }],
  formFailure: () => '/account',
  async handle({ input, user, database, params, clientAddress }) {
    const { orderId } = params;
    const changes = Object.fromEntries(
      Object.entries(input.data).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const result = await submitIntake(database, {
      orderId,
      userId: user.id,
      version: input.version,
      changes,
      ip: clientAddress,
    });
    if (!result.ok) return refusal(result);
    return done(landing(intakePagePath(orderId), intakeNotice('submitted')), 200, {
      version: result.version,
      submitted: true,
    });
  },
});

const INTENTS = ['save', 'next', 'back', 'submit'] as const;

/** The step form as a browser without JavaScript posts it: flat answers plus the form's own fields. */
const stepFormSchema = z.object({
  version: z
    .pipe(
      z.string(),
      z.transform((v) => Number(v)),
    )
    .check(z.refine((n) => Number.isInteger(n) && n >= 0, INTAKE.version)),
  step: z.pipe(
    z.optional(z.string()),
    z.transform((v) => Math.min(Math.max(Number(v) || 1, 1), INTAKE_STEPS.length + 1)),
  ),
  intent: z.enum(INTENTS),
  ...Object.fromEntries(INTAKE_FIELDS.map((f) => [f.name, z.optional(z.string())])),
});

/** Without JavaScript: save this step's answers, then go where the button said. */
export const postSteps = defineMutation({
  access: 'user',
  ...intakeRoute,
  schema: stepFormSchema,
  maxBytes: BODY_LIMIT,
  limits: [{ rule: INTAKE_SAVE_LIMIT, key: 'user' }],
  formFailure: (code, { params, raw }) => {
    const step = Number(raw.step) || 1;
    return params.orderId ? landing(intakePagePath(params.orderId, step), intakeNotice(code)) : '/account';
  },
  async handle({ input, raw, user, database, params, clientAddress }) {
    const { orderId } = params;
    // Only this step's answers are in the form; validate them as a draft would.
    const answers = Object.fromEntries(
      INTAKE_FIELDS.filter((f) => typeof raw[f.name] === 'string').map((f) => [f.name, raw[f.name]]),
    );
    const parsed = draftSchema.safeParse({ version: input.version, data: answers });
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[1] ?? issue.path[0] ?? 'form');
        fields[key] ??= [issue.message];
      }
      return fail(400, INTAKE.invalidNotice, 'invalid', fields);
    }
    const changes = Object.fromEntries(
      Object.entries(parsed.data.data).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const last = INTAKE_STEPS.length + 1;
    if (input.intent === 'submit') {
      const result = await submitIntake(database, {
        orderId,
        userId: user.id,
        version: input.version,
        changes,
        ip: clientAddress,
      });
      if (!result.ok) return refusal(result);
      return done(landing(intakePagePath(orderId), intakeNotice('submitted')), 200);
    }
    const result = await saveDraft(database, { orderId, userId: user.id, version: input.version, changes });
    if (!result.ok) return refusal(result);
    const step =
      input.intent === 'next'
        ? Math.min(input.step + 1, last)
        : input.intent === 'back'
          ? Math.max(input.step - 1, 1)
          : input.step;
    return done(
      landing(intakePagePath(orderId, step), input.intent === 'save' ? intakeNotice('saved') : undefined),
      200,
    );
  },
});

/**
 * The intake's file endpoints:
 * - POST   /api/account/intake/{orderId}/files     multipart: `kind`, `clientKey`, one `file`
 * - GET    /api/account/intake/files/{fileId}      the image (?size=thumb: its thumbnail)
 * - DELETE /api/account/intake/files/{fileId}      remove it (204)
 * - POST   /api/account/intake/files/{fileId}/delete  the same from a plain form
 *
 * The upload route streams its own body (src/features/intake/uploads/multipart.server.ts): its
 * defineMutation declares the body as `stream`ed, so nothing buffers it. It answers JSON when
 * the request accepts it (the panel's script asks for it) and a 303 back to the intake's
 * upload step for a plain form post, with the panel's notice (`upload-<code>`) in the
 * form-outcome cookie (../../intake-notice.ts).
 *
 * Without JavaScript, the panel's buttons post the whole step form (the panel sits inside it:
 * forms cannot nest), so the step's typed answers arrive too: they are saved first, as 'Save
 * draft' would, so uploading or removing a file never loses them. The step's own buttons
 * (Next, Back, Save draft, with their `intent`) post here too, so a file chosen and not sent
 * with Upload travels with them: it is stored, then the answer goes where the button said; a
 * refused file stays on the step with its reason; no file chosen is just the step's answers.
 */
import { Readable } from 'node:stream';
import type { APIContext } from 'astro';
import * as z from 'zod/mini';
import { secureCookies } from '#features/accounts/request-session.server.ts';
import type { AppDatabase } from '#server/db/index.ts';
import { INTAKE_FILE_KINDS } from '#server/db/schema.ts';
import { keepFormOutcome } from '#server/http/form-outcome.ts';
import { API_ERRORS } from '#server/http/copy.ts';
import {
  defineMutation,
  defineRead,
  done,
  landing,
  type Failure,
  type Landing,
  type Outcome,
} from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { jsonError } from '#server/http/responses.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import { INTAKE_FIELDS, INTAKE_STEPS } from '../../fields.ts';
import { intakePagePath } from '../../handlers/intake-routes.ts';
import { intakeNotice } from '../../intake-notice.ts';
import { saveDraft } from '../../intake.server.ts';
import { INTAKE } from '../../copy.ts';
import { draftSchema } from '../../schema.ts';
import { IMAGE_UPLOAD_FAILURES } from '../failures.ts';
import { processImage } from '../images.server.ts';
import { CLIENT_KEY, MAX_FILES, MAX_INTAKE_BYTES, UPLOAD_REQUEST_BYTES } from '../limits.ts';
import { UPLOAD_NOTICES, UPLOADS, type UploadNotice } from '../copy.ts';
import { discard, receiveUpload } from '../multipart.server.ts';
import {
  cleanFileName,
  contentDisposition,
  downloadName,
  fileByClientKey,
  fileForViewer,
  fileView,
  incomingDir,
  openStored,
  recordUpload,
  removeIntakeFile,
  removeStored,
  storeImage,
  uploadTarget,
} from '../uploads.server.ts';

/** Each upload costs a decode and an encode: plenty for ten files and their retries, not for a loop. */
export const INTAKE_UPLOAD_LIMIT: RateLimitRule = { name: 'intake-upload', capacity: 40, windowMs: 10 * 60_000 };

/** Thumbnails and images never change under their id; private: only this browser may keep them. */
const FILE_CACHE = 'private, max-age=86400';
/** The step that shows the panel: where a plain form post returns. */
const UPLOADS_STEP = INTAKE_STEPS.findIndex((s) => s.uploads) + 1;

export const uploadsPagePath = (orderId: string) => `${intakePagePath(orderId, UPLOADS_STEP)}#intake-uploads`;

/** The intake step's own buttons (src/features/intake/pages/IntakePage.astro). */
const stepIntent = z.optional(z.enum(['save', 'next', 'back']));
type StepIntent = NonNullable<z.output<typeof stepIntent>>;

/** The panel's step saying `notice` in the panel. */
const uploadsLanding = (orderId: string, notice: UploadNotice) =>
  landing(uploadsPagePath(orderId), intakeNotice(undefined, notice));

/**
 * Where a step button leads from the panel's step, once its answers (and file) are kept; Save
 * draft stays, saying so (and the panel what became of the file).
 */
function afterStep(orderId: string, intent: StepIntent, notice?: UploadNotice): string | Landing {
  if (intent === 'next') return intakePagePath(orderId, UPLOADS_STEP + 1);
  if (intent === 'back') return intakePagePath(orderId, Math.max(UPLOADS_STEP - 1, 1));
  return landing(uploadsPagePath(orderId), intakeNotice('saved', notice));
}

/** Where a plain form post lands after all went well: where its step button said, else the panel. */
const afterUpload = (orderId: string, intent: StepIntent | undefined, notice: UploadNotice) =>
  intent ? afterStep(orderId, intent, notice) : uploadsLanding(orderId, notice);

/** The failures both file forms share: the step's answers they save first, the file, the limit. */
const STEP_FAILURES = {
  /** The intake is not theirs (or gone): a plain form goes back to the account. */
  'no-intake': { status: 404, error: INTAKE.notFound },
  /** A locked intake shows its own notice on its page. */
  locked: { status: 423, error: UPLOADS.locked },
  /** The step's answers: the intake page's own error notices. */
  conflict: { status: 409, error: INTAKE.conflict },
  'step-invalid': { status: 400, error: INTAKE.invalidNotice },
  limited: { status: 429, error: UPLOADS.limited },
} satisfies Record<string, Failure>;

const UPLOAD_FAILURES = {
  ...STEP_FAILURES,
  ...IMAGE_UPLOAD_FAILURES,
  'no-file': { status: 400, error: UPLOADS.noFile },
  invalid: { status: 400, error: API_ERRORS.validation },
  'too-many': { status: 409, error: UPLOADS.tooMany },
  quota: { status: 413, error: UPLOADS.quota },
} satisfies Record<string, Failure>;

const REMOVE_FAILURES = {
  ...STEP_FAILURES,
  'not-found': { status: 404, error: UPLOADS.notFound },
  // The platform's words, named so that a plain form hears 'invalid' rather than 'error'.
  'unsupported-type': { status: 415, error: API_ERRORS.unsupportedMediaType },
  'too-large': { status: 413, error: API_ERRORS.tooLarge },
} satisfies Record<string, Failure>;

/**
 * Where a plain form post lands after failing with `code`: the account when there is no intake
 * to go back to, the intake's page when it is locked, the panel's step with the page's notice
 * when the step's answers were refused, else with the panel's. For 'step-invalid' the notice
 * is already in the cookie, with the field messages (saveStepAnswers): none here, so the
 * wrapper leaves that cookie as it is.
 */
function formPage(orderId: string | undefined, code: string): string | Landing {
  if (!orderId || code === 'no-intake') return '/account';
  if (code === 'locked') return intakePagePath(orderId);
  if (code === 'conflict') return landing(uploadsPagePath(orderId), intakeNotice('conflict'));
  if (code === 'step-invalid') return uploadsPagePath(orderId);
  return uploadsLanding(orderId, Object.hasOwn(UPLOAD_NOTICES, code) ? (code as UploadNotice) : 'invalid');
}

const uploadFields = z.object({
  kind: z.enum(INTAKE_FILE_KINDS, { error: UPLOADS.kind }),
  clientKey: z.string({ error: UPLOADS.clientKey }).check(z.regex(CLIENT_KEY, UPLOADS.clientKey)),
});

type StepRefusal = keyof typeof STEP_FAILURES;

/**
 * A plain form post carries the intake step's answers (and its `version`): save them as a
 * draft first. Answers null when there is nothing to save or it was saved, else the refusal.
 */
async function saveStepAnswers(
  database: AppDatabase,
  context: APIContext,
  { orderId, userId, raw }: { orderId: string; userId: string; raw: Record<string, unknown> },
  refuse: (reason: StepRefusal, extra?: { fields?: Record<string, string[]> }) => Outcome,
): Promise<Outcome | null> {
  if (typeof raw.version !== 'string') return null;
  const answers = Object.fromEntries(
    INTAKE_FIELDS.filter((f) => typeof raw[f.name] === 'string').map((f) => [f.name, raw[f.name]]),
  );
  if (Object.keys(answers).length === 0) return null;
  const parsed = draftSchema.safeParse({ version: Number(raw.version), data: answers });
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[1] ?? issue.path[0] ?? 'form');
      fields[key] ??= [issue.message];
    }
    // The step page shows these next to its fields, as after its own 'Save draft' (the form
    // it checks is the step form's, not this route's: formPage adds nothing to it).
    keepFormOutcome(context.cookies, {
      form: `/api/account/intake/${orderId}/steps`,
      notice: intakeNotice('invalid'),
      fields,
      raw: answers,
      secure: secureCookies(context.url),
    });
    return refuse('step-invalid', { fields });
  }
  const changes = Object.fromEntries(
    Object.entries(parsed.data.data).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const saved = await saveDraft(database, { orderId, userId, version: parsed.data.version, changes });
  if (saved.ok) return null;
  if (saved.reason === 'conflict') return refuse('conflict');
  return refuse(saved.reason === 'locked' ? 'locked' : 'no-intake');
}

/** POST /api/account/intake/{orderId}/files: one image for the owner's draft intake. */
export const postUpload = defineMutation({
  access: 'user',
  signInReturn: '/account',
  params: { orderId: recordId },
  paramsFailure: 'no-intake',
  schema: null,
  // A declared size over the cap is refused before a byte is read.
  stream: { types: ['multipart/form-data'], maxBytes: UPLOAD_REQUEST_BYTES },
  limits: [{ rule: INTAKE_UPLOAD_LIMIT, key: 'user' }],
  failures: UPLOAD_FAILURES,
  // The step's own field messages are kept by saveStepAnswers, for the step's form.
  fieldFeedback: false,
  formFailure: (code, { params }) => formPage(params.orderId, code),
  async handle({ context, params: { orderId }, user, database, form, refuse }) {
    let temp: string | null = null;
    let stored: string[] = [];
    try {
      const target = await uploadTarget(database.db, orderId, user.id);
      if (!target.ok) return refuse(target.reason === 'locked' ? 'locked' : 'no-intake');

      const received = await receiveUpload(context.request, incomingDir());
      if (!received.ok) {
        if (form) {
          // A plain form post: its step answers are kept whatever happened to the file (those
          // read before a refusal; all of them when no file was chosen).
          const raw = received.fields;
          const unsaved = await saveStepAnswers(database, context, { orderId, userId: user.id, raw }, refuse);
          if (unsaved) return unsaved;
          // Next, Back or Save draft with no file chosen: only the step's answers.
          const intent = stepIntent.safeParse(received.fields.intent).data;
          if (received.reason === 'no-file' && intent) return done(afterStep(orderId, intent), 200);
        }
        return refuse(received.reason);
      }
      temp = received.file.path;
      const intent = form ? stepIntent.safeParse(received.fields.intent).data : undefined;
      const fields = uploadFields.safeParse(received.fields);
      if (!fields.success) {
        const messages: Record<string, string[]> = {};
        for (const issue of fields.error.issues) messages[String(issue.path[0] ?? 'form')] ??= [issue.message];
        return refuse('invalid', { fields: messages });
      }
      const { kind, clientKey } = fields.data;
      if (form) {
        const raw = received.fields;
        const unsaved = await saveStepAnswers(database, context, { orderId, userId: user.id, raw }, refuse);
        if (unsaved) return unsaved;
      }

      // A retry of a file that was stored (its answer lost on the way): the same file, once.
      const existing = await fileByClientKey(database.db, orderId, user.id, clientKey);
      if (existing) return done(afterUpload(orderId, intent, 'done'), 200, { file: fileView(existing) });
      // Cheap refusals before the costly decode (the transaction checks again).
      if (target.files >= MAX_FILES) return refuse('too-many');
      if (target.bytes >= MAX_INTAKE_BYTES) return refuse('quota');

      const processed = await processImage(temp);
      if (!processed.ok) return refuse(processed.reason);
      const names = await storeImage(processed.image, processed.main, processed.thumb);
      stored = [names.storedName, names.thumbName];
      const result = await recordUpload(database, {
        orderId,
        userId: user.id,
        kind,
        clientKey,
        originalName: cleanFileName(received.file.name),
        image: processed.image,
        ...names,
      });
      if (!result.ok || !result.created) {
        // Refused, or a concurrent retry recorded this clientKey first: our copy is not needed.
        await removeStored(stored);
        stored = [];
      }
      if (!result.ok) {
        if (result.reason === 'too-many' || result.reason === 'quota') return refuse(result.reason);
        return refuse(result.reason === 'locked' ? 'locked' : 'no-intake');
      }
      stored = [];
      const status = result.created ? 201 : 200;
      return done(afterUpload(orderId, intent, 'done'), status, { file: fileView(result.file) });
    } catch (error) {
      await removeStored(stored);
      throw error;
    } finally {
      if (temp) await discard(temp);
    }
  },
});

const sizeQuery = z.object({ size: z.optional(z.enum(['thumb', 'full'], { error: 'size must be thumb or full' })) });

/** GET /api/account/intake/files/{fileId}: the owner's or, for an admin, anyone's file, streamed from storage. */
export const getFile = defineRead({
  access: 'user',
  async handle({ context, user, database }) {
    const fileId = recordId.safeParse(context.params.fileId);
    if (!fileId.success) return jsonError(404, UPLOADS.notFound);
    const query = sizeQuery.safeParse(Object.fromEntries(context.url.searchParams));
    if (!query.success) return jsonError(400, query.error.issues[0]?.message ?? API_ERRORS.badRequest);
    const found = await fileForViewer(database.db, fileId.data, user);
    if (!found) return jsonError(404, UPLOADS.notFound);
    const { file } = found;
    const thumb = query.data.size === 'thumb';
    const opened = await openStored(thumb ? file.thumbName : file.storedName).catch((error: unknown) => {
      console.error(`Intake file ${file.id}: its stored copy cannot be read`, error);
      return 'error' as const;
    });
    if (opened === 'error') return jsonError(500, API_ERRORS.internal);
    if (!opened) {
      console.error(`Intake file ${file.id}: its stored copy is missing`);
      return jsonError(404, UPLOADS.notFound);
    }
    // The file (or bucket object) stream closes when it ends or the client goes away.
    const body = Readable.toWeb(opened.body) as ReadableStream<Uint8Array>;
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': thumb ? 'image/webp' : file.mimeType,
        'Content-Length': String(opened.size),
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': contentDisposition(downloadName(file.originalName, file.mimeType, thumb)),
        'Cache-Control': FILE_CACHE,
        // Customer content: never a document that runs anything, never embedded by other sites.
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
      },
    });
  },
});

/** DELETE /api/account/intake/files/{fileId}: the owner removes a file while the intake is a draft. */
export const deleteFile = defineMutation({
  access: 'user',
  params: { fileId: recordId },
  failures: {
    'not-found': { status: 404, error: UPLOADS.notFound },
    locked: { status: 423, error: UPLOADS.locked },
  },
  schema: null,
  limits: [{ rule: INTAKE_UPLOAD_LIMIT, key: 'user' }],
  formFailure: () => '/account',
  async handle({ params, user, database, refuse }) {
    const removed = await removeIntakeFile(database, { fileId: params.fileId, userId: user.id });
    if (!removed.ok) return refuse(removed.reason === 'locked' ? 'locked' : 'not-found');
    await removeStored(removed.names);
    return done(uploadsLanding(removed.orderId, 'removed'), 204);
  },
});

/** Any fields: the step form's answers ride along with a plain form's remove button. */
const removeForm = z.looseObject({});

/** POST /api/account/intake/files/{fileId}/delete?order={orderId}: the remove button without JavaScript. */
export const postRemove = defineMutation({
  access: 'user',
  signInReturn: '/account',
  params: { fileId: recordId },
  schema: removeForm,
  maxBytes: 64 * 1024,
  jsonWhenAccepted: true,
  limits: [{ rule: INTAKE_UPLOAD_LIMIT, key: 'user' }],
  failures: REMOVE_FAILURES,
  fieldFeedback: false,
  // Only where to return on a refusal before the file is found; the file's own order wins after.
  formFailure: (code, { url }) => formPage(recordId.safeParse(url.searchParams.get('order')).data, code),
  async handle({ context, params: { fileId }, raw, user, database, refuse }) {
    // The owner only (an admin sees files but does not remove them).
    const owned = await fileForViewer(database.db, fileId, { id: user.id, role: 'customer' });
    if (!owned) return refuse('not-found');
    const { orderId } = owned;
    const refuseHere: typeof refuse = (reason, extra) =>
      refuse(reason, { ...extra, location: formPage(orderId, reason) });
    const unsaved = await saveStepAnswers(database, context, { orderId, userId: user.id, raw }, refuseHere);
    if (unsaved) return unsaved;
    const removed = await removeIntakeFile(database, { fileId, userId: user.id });
    if (!removed.ok) return refuseHere(removed.reason === 'locked' ? 'locked' : 'not-found');
    await removeStored(removed.names);
    return done(uploadsLanding(orderId, 'removed'), 204);
  },
});

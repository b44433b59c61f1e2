/**
 * The intake's file endpoints:
 * - POST   /api/account/intake/{orderId}/files     multipart: `kind`, `clientKey`, one `file`
 * - GET    /api/account/intake/files/{fileId}      the image (?size=thumb: its thumbnail)
 * - DELETE /api/account/intake/files/{fileId}      remove it (204)
 * - POST   /api/account/intake/files/{fileId}/delete  the same from a plain form
 *
 * The upload route reads its own body (streamed, src/features/intake/uploads/multipart.server.ts)
 * instead of going through defineMutation, whose 8 KB reader would buffer it. It answers JSON
 * when the request accepts it (the panel's script asks for it) and a 303 back to the intake's
 * upload step for a plain form post, with `?upload=<notice>` for the panel to show.
 *
 * Without JavaScript, the panel's buttons post the whole step form (the panel sits inside it:
 * forms cannot nest), so the step's typed answers arrive too: they are saved first, as 'Save
 * draft' would, so uploading or removing a file never loses them. The step's own buttons
 * (Next, Back, Save draft, with their `intent`) post here too, so a file chosen and not sent
 * with Upload travels with them: it is stored, then the answer goes where the button said; a
 * refused file stays on the step with its reason; no file chosen is just the step's answers.
 */
import { Readable } from 'node:stream';
import type { APIContext, APIRoute } from 'astro';
import * as z from 'zod/mini';
import { AUTH } from '#features/accounts/copy.ts';
import { secureCookies } from '#features/accounts/request-session.server.ts';
import { getDatabase, type AppDatabase } from '#server/db/index.ts';
import { INTAKE_FILE_KINDS } from '#server/db/schema.ts';
import { keepFormFeedback } from '#server/http/form-feedback.ts';
import { API_ERRORS } from '#server/http/copy.ts';
import { defineMutation, defineRead, done, fail } from '#server/http/mutation.ts';
import { mimeType, readInput } from '#server/http/read-input.ts';
import { jsonError, jsonOk, seeOther } from '#server/http/responses.ts';
import { consumeToken, type RateLimitRule } from '#server/security/rate-limit.ts';
import { INTAKE_FIELDS, INTAKE_STEPS } from '../../fields.ts';
import { intakePagePath } from '../../handlers/intake-routes.ts';
import { saveDraft } from '../../intake.server.ts';
import { INTAKE } from '../../copy.ts';
import { draftSchema } from '../../schema.ts';
import { processImage, type ImageRefusal } from '../images.server.ts';
import { CLIENT_KEY, MAX_FILES, MAX_INTAKE_BYTES, UPLOAD_REQUEST_BYTES } from '../limits.ts';
import { UPLOADS, type UploadNotice } from '../copy.ts';
import { discard, drainBody, receiveUpload, type ReceiveFailure } from '../multipart.server.ts';
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

const ORDER_ID = /^[a-z2-9]{16,40}$/;
const FILE_ID = /^[a-z2-9]{26}$/;
/** Thumbnails and images never change under their id; private: only this browser may keep them. */
const FILE_CACHE = 'private, max-age=86400';
/** The step that shows the panel: where a plain form post returns. */
const UPLOADS_STEP = INTAKE_STEPS.findIndex((s) => s.uploads) + 1;

export const uploadsPagePath = (orderId: string, extra = '') =>
  `${intakePagePath(orderId, UPLOADS_STEP, extra)}#intake-uploads`;

/** One answer, as JSON or (for a plain form) as where to go and what the page says there. */
interface Answer {
  status: number;
  body?: unknown;
  error?: string;
  fields?: Record<string, string[]>;
  headers?: HeadersInit;
  /** For a plain form: the panel's notice (`?upload=`), or the intake page's own error (`?error=`). */
  notice?: UploadNotice;
  pageError?: 'conflict' | 'invalid';
  /** For a plain form: the intake itself is not theirs (or gone): back to the account. */
  leave?: boolean;
  /** For a plain form: the step's button that posted it (absent for Upload): where to go when all went well. */
  intent?: StepIntent;
}

/** The intake step's own buttons (src/features/intake/pages/IntakePage.astro). */
const stepIntent = z.optional(z.enum(['save', 'next', 'back']));
type StepIntent = NonNullable<z.output<typeof stepIntent>>;

/** Where a step button leads from the panel's step, once its answers (and file) are kept. */
function afterStep(orderId: string, intent: StepIntent, notice?: UploadNotice): string {
  if (intent === 'next') return intakePagePath(orderId, UPLOADS_STEP + 1);
  if (intent === 'back') return intakePagePath(orderId, Math.max(UPLOADS_STEP - 1, 1));
  return uploadsPagePath(orderId, notice ? `saved=1&upload=${notice}` : 'saved=1');
}

const NOT_FOUND: Answer = { status: 404, error: UPLOADS.notFound, notice: 'not-found' };
const NO_INTAKE: Answer = { status: 404, error: INTAKE.notFound, leave: true };
const LOCKED: Answer = { status: 423, error: UPLOADS.locked };

/**
 * JSON for the panel's script (it sends `Accept: application/json`) and for any JSON body, which
 * no browser form posts; a 303 for a plain form navigation.
 */
const wantsJson = (request: Request) =>
  (request.headers.get('accept') ?? '').includes('application/json') ||
  mimeType(request.headers.get('content-type')) === 'application/json';

function reply({ json, orderId }: { json: boolean; orderId: string | null }, a: Answer): Response {
  if (json) {
    if (a.error) return jsonError(a.status, a.error, { fields: a.fields, headers: a.headers });
    if (a.status === 204) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
    return jsonOk(a.body ?? {}, a.status);
  }
  if (a.status === 401) return seeOther('/auth?next=%2Faccount');
  if (!orderId || a.leave) return seeOther('/account');
  // A locked intake shows its own notice; nothing else to say.
  if (a.status === 423) return seeOther(intakePagePath(orderId));
  if (a.intent && !a.error) return seeOther(afterStep(orderId, a.intent, a.notice));
  const extra = a.pageError ? `error=${a.pageError}` : a.notice ? `upload=${a.notice}` : '';
  return seeOther(uploadsPagePath(orderId, extra));
}

const RECEIVE_REFUSALS: Record<ReceiveFailure, Answer> = {
  'too-large': { status: 413, error: UPLOADS.tooLarge, notice: 'too-large' },
  'one-file': { status: 400, error: UPLOADS.oneFile, notice: 'invalid' },
  'no-file': { status: 400, error: UPLOADS.noFile, notice: 'no-file' },
  malformed: { status: 400, error: UPLOADS.malformed, notice: 'invalid' },
};

const IMAGE_REFUSALS: Record<ImageRefusal, Answer> = {
  type: { status: 415, error: UPLOADS.type, notice: 'type' },
  svg: { status: 415, error: UPLOADS.svg, notice: 'svg' },
  pdf: { status: 415, error: UPLOADS.pdf, notice: 'pdf' },
  heic: { status: 415, error: UPLOADS.heic, notice: 'heic' },
  unreadable: { status: 415, error: UPLOADS.unreadable, notice: 'unreadable' },
  pixels: { status: 413, error: UPLOADS.tooManyPixels, notice: 'pixels' },
};

const TOO_MANY: Answer = { status: 409, error: UPLOADS.tooMany, notice: 'too-many' };
const QUOTA: Answer = { status: 413, error: UPLOADS.quota, notice: 'quota' };

const uploadFields = z.object({
  kind: z.enum(INTAKE_FILE_KINDS, { error: UPLOADS.kind }),
  clientKey: z.string({ error: UPLOADS.clientKey }).check(z.regex(CLIENT_KEY, UPLOADS.clientKey)),
});

/**
 * A plain form post carries the intake step's answers (and its `version`): save them as a
 * draft first. Answers null when there is nothing to save or it was saved, else the refusal.
 */
async function saveStepAnswers(
  database: AppDatabase,
  context: APIContext,
  { orderId, userId, raw }: { orderId: string; userId: string; raw: Record<string, unknown> },
): Promise<Answer | null> {
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
    // The step page shows these next to its fields, as after its own 'Save draft'.
    keepFormFeedback(context.cookies, {
      form: `/api/account/intake/${orderId}/steps`,
      fields,
      raw: answers,
      secure: secureCookies(context.url),
    });
    return { status: 400, error: INTAKE.invalidNotice, fields, pageError: 'invalid' };
  }
  const changes = Object.fromEntries(
    Object.entries(parsed.data.data).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const saved = await saveDraft(database, { orderId, userId, version: parsed.data.version, changes });
  if (saved.ok) return null;
  if (saved.reason === 'conflict') return { status: 409, error: INTAKE.conflict, pageError: 'conflict' };
  return saved.reason === 'locked' ? LOCKED : NO_INTAKE;
}

async function limited(database: AppDatabase, userId: string): Promise<Answer | null> {
  const taken = await consumeToken(database.writes, INTAKE_UPLOAD_LIMIT, userId);
  if (taken.ok) return null;
  return {
    status: 429,
    error: UPLOADS.limited,
    notice: 'limited',
    headers: { 'Retry-After': String(taken.retryAfterSeconds) },
  };
}

/** POST /api/account/intake/{orderId}/files: one image for the owner's draft intake. */
export const postUpload: APIRoute = async (context) => {
  const { request, locals, params } = context;
  const json = wantsJson(request);
  const orderId = ORDER_ID.test(params.orderId ?? '') ? (params.orderId ?? null) : null;
  let temp: string | null = null;
  let stored: string[] = [];
  const answer = (a: Answer) => {
    // Refused before the body was read to its end: let the client finish sending, so it can read this.
    if (a.error) drainBody(request);
    return reply({ json, orderId }, a);
  };

  try {
    const user = locals.user;
    if (!user) return answer({ status: 401, error: AUTH.notSignedIn });
    if (!orderId) return answer(NO_INTAKE);
    if (mimeType(request.headers.get('content-type')) !== 'multipart/form-data') {
      return answer({ status: 415, error: UPLOADS.multipart, notice: 'invalid' });
    }
    // A declared size over the cap is refused before a byte is read.
    const declared = Number(request.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > UPLOAD_REQUEST_BYTES) return answer(RECEIVE_REFUSALS['too-large']);

    const database = await getDatabase();
    const refusal = await limited(database, user.id);
    if (refusal) return answer(refusal);
    const target = await uploadTarget(database.db, orderId, user.id);
    if (!target.ok) return answer(target.reason === 'locked' ? LOCKED : NO_INTAKE);

    const received = await receiveUpload(request, incomingDir());
    if (!received.ok) {
      if (!json) {
        // A plain form post: its step answers are kept whatever happened to the file (those
        // read before a refusal; all of them when no file was chosen).
        const unsaved = await saveStepAnswers(database, context, { orderId, userId: user.id, raw: received.fields });
        if (unsaved) return answer(unsaved);
        // Next, Back or Save draft with no file chosen: only the step's answers.
        const intent = stepIntent.safeParse(received.fields.intent).data;
        if (received.reason === 'no-file' && intent) return answer({ status: 200, intent });
      }
      return answer(RECEIVE_REFUSALS[received.reason]);
    }
    temp = received.file.path;
    const intent = json ? undefined : stepIntent.safeParse(received.fields.intent).data;
    const fields = uploadFields.safeParse(received.fields);
    if (!fields.success) {
      const messages: Record<string, string[]> = {};
      for (const issue of fields.error.issues) messages[String(issue.path[0] ?? 'form')] ??= [issue.message];
      return answer({ status: 400, error: API_ERRORS.validation, fields: messages, notice: 'invalid' });
    }
    const { kind, clientKey } = fields.data;
    if (!json) {
      const unsaved = await saveStepAnswers(database, context, { orderId, userId: user.id, raw: received.fields });
      if (unsaved) return answer(unsaved);
    }

    // A retry of a file that was stored (its answer lost on the way): the same file, once.
    const existing = await fileByClientKey(database.db, orderId, user.id, clientKey);
    if (existing) return answer({ status: 200, body: { file: fileView(existing) }, notice: 'done', intent });
    // Cheap refusals before the costly decode (the transaction checks again).
    if (target.files >= MAX_FILES) return answer(TOO_MANY);
    if (target.bytes >= MAX_INTAKE_BYTES) return answer(QUOTA);

    const processed = await processImage(temp);
    if (!processed.ok) return answer(IMAGE_REFUSALS[processed.reason]);
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
      if (result.reason === 'too-many') return answer(TOO_MANY);
      if (result.reason === 'quota') return answer(QUOTA);
      return answer(result.reason === 'locked' ? LOCKED : NO_INTAKE);
    }
    stored = [];
    return answer({
      status: result.created ? 201 : 200,
      body: { file: fileView(result.file) },
      notice: 'done',
      intent,
    });
  } catch (error) {
    console.error(`POST ${context.url.pathname} failed`, error);
    await removeStored(stored);
    return answer({ status: 500, error: API_ERRORS.internal, notice: 'error' });
  } finally {
    if (temp) await discard(temp);
  }
};

const sizeQuery = z.object({ size: z.optional(z.enum(['thumb', 'full'], { error: 'size must be thumb or full' })) });

/** GET /api/account/intake/files/{fileId}: the owner's or, for an admin, anyone's file, streamed from disk. */
export const getFile = defineRead({
  access: 'user',
  async handle({ context, user, database }) {
    const fileId = context.params.fileId ?? '';
    if (!FILE_ID.test(fileId)) return jsonError(404, UPLOADS.notFound);
    const query = sizeQuery.safeParse(Object.fromEntries(context.url.searchParams));
    if (!query.success) return jsonError(400, query.error.issues[0]?.message ?? API_ERRORS.badRequest);
    const found = await fileForViewer(database.db, fileId, user);
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
    // The file handle closes when the stream ends or the client goes away.
    const body = Readable.toWeb(opened.handle.createReadStream()) as ReadableStream<Uint8Array>;
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
  schema: null,
  limits: [{ rule: INTAKE_UPLOAD_LIMIT, key: 'user' }],
  formFailure: () => '/account',
  async handle({ context, user, database }) {
    const fileId = context.params.fileId ?? '';
    if (!FILE_ID.test(fileId)) return fail(404, UPLOADS.notFound, 'not-found');
    const removed = await removeIntakeFile(database, { fileId, userId: user.id });
    if (!removed.ok) {
      return removed.reason === 'locked'
        ? fail(423, UPLOADS.locked, 'locked')
        : fail(404, UPLOADS.notFound, 'not-found');
    }
    await removeStored(removed.names);
    return done(uploadsPagePath(removed.orderId, 'upload=removed'), 204);
  },
});

/** Any fields: the step form's answers ride along with a plain form's remove button. */
const removeForm = z.looseObject({});

/** POST /api/account/intake/files/{fileId}/delete?order={orderId}: the remove button without JavaScript. */
export const postRemove: APIRoute = async (context) => {
  const { request, url, locals, params } = context;
  const json = wantsJson(request);
  // Only where to return on a refusal before the file is found; the file's own order wins after.
  const hint = url.searchParams.get('order') ?? '';
  let orderId = ORDER_ID.test(hint) ? hint : null;
  const answer = (a: Answer) => reply({ json, orderId }, a);
  try {
    const user = locals.user;
    if (!user) return answer({ status: 401, error: AUTH.notSignedIn });
    const fileId = params.fileId ?? '';
    if (!FILE_ID.test(fileId)) return answer(NOT_FOUND);
    const read = await readInput(request, url, removeForm, { maxBytes: 64 * 1024, acceptForm: true });
    if (!read.ok) return answer({ status: read.failure.status, error: read.failure.error, notice: 'invalid' });
    const database = await getDatabase();
    const refusal = await limited(database, user.id);
    if (refusal) return answer(refusal);
    // The owner only (an admin sees files but does not remove them).
    const owned = await fileForViewer(database.db, fileId, { id: user.id, role: 'customer' });
    if (!owned) return answer(NOT_FOUND);
    orderId = owned.orderId;
    const unsaved = await saveStepAnswers(database, context, { orderId, userId: user.id, raw: read.raw });
    if (unsaved) return answer(unsaved);
    const removed = await removeIntakeFile(database, { fileId, userId: user.id });
    if (!removed.ok) return answer(removed.reason === 'locked' ? LOCKED : NOT_FOUND);
    await removeStored(removed.names);
    return answer({ status: 204, notice: 'removed' });
  } catch (error) {
    console.error(`POST ${url.pathname} failed`, error);
    return answer({ status: 500, error: API_ERRORS.internal, notice: 'error' });
  }
};

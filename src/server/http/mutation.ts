/**
 * The one path for state-changing requests. A route declares who may call it, its route
 * parameters and query string, its zod schema (or a body it streams itself), its rate limits,
 * its failures (reason -> status and message), how it answers and where a plain form post or a
 * navigation lands; the wrapper refuses while the route is unavailable, checks access on the
 * server, parses the parameters and the query, reads and validates the body (JSON, or an HTML
 * form when JavaScript never loaded), takes the limits, runs the handler with a non-null user
 * where one is required, and answers: JSON (`{ error, fields? }` on failure), a 303 for forms
 * and navigations, or an HTML (or, for a navigation, plain-text) page where a failure has one.
 * A notice for the page a form or navigation lands on travels in the form-outcome cookie
 * (`landing(path, notice)`), not in its URL. Handlers commit their writes, audit entry and
 * outbox mail together (`ctx.commit`).
 */
import type { APIContext, APIRoute } from 'astro';
import type * as z from 'zod/mini';
import { isDatabaseUnavailable } from '../db/client.ts';
import { getDatabase, type AppDatabase, type WriteQuery } from '../db/index.ts';
import { auditStatement, type AuditEntry } from '../security/audit.ts';
import { consumeToken, type RateLimitRule } from '../security/rate-limit.ts';
import type { SessionUser } from '../security/session-user.ts';
import { clientAddress } from './client-address.ts';
import { drainBody } from './drain-body.ts';
import { keepFormOutcome } from './form-outcome.ts';
import { API_ERRORS } from './copy.ts';
import { fieldErrors, mimeType, queryValues, readInput, type BodyKind } from './read-input.ts';
import { htmlPage, jsonError, jsonOk, plainText, seeOther } from './responses.ts';

export type Access = 'public' | 'user' | 'admin';
type UserFor<A extends Access> = A extends 'public' ? SessionUser | null : SessionUser;
type InputFor<S> = S extends z.ZodMiniType ? z.output<S> : null;
type QueryFor<Q> = Q extends z.ZodMiniType ? z.output<Q> : null;

/** Route parameters by name, each a schema for its path segment: `{ id: recordId }`. */
type ParamSchemas = Record<string, z.ZodMiniType<string>>;
type ParamsFor<P extends ParamSchemas> = { [K in keyof P]: z.output<P[K]> };

/** What a plain form post failed with, before or inside the handler: the route maps it to a page. */
export type FailureCode = 'invalid' | 'limited' | 'error' | (string & {});

/**
 * How a route answers a failure reason: `status` and `error` (JSON's `{ error }`), and for a
 * plain form post or a navigation either the 303 to `formFailure(reason)` or, with `page`, this
 * HTML document (for a navigation, with `text`, `error` as plain text). A route may also name
 * the wrapper's own reasons ('limited', 'too-large', 'unsupported-type', 'invalid') to say them
 * in its own words.
 */
export interface Failure {
  status: number;
  error: string;
  page?: string;
  /** A navigation answers `error` itself as text/plain with `status` (a 429 a person reads), not a 303. */
  text?: boolean;
}

export interface MutationContext<
  Input,
  User,
  Params = Record<string, never>,
  Reason extends string = never,
  Query = null,
> {
  context: APIContext;
  input: Input;
  /** The route's parameters, parsed by `spec.params`. */
  params: Params;
  /** The query string, parsed by `spec.query` (null without one). */
  query: Query;
  /** The parsed body as sent (strings only for forms), e.g. for a honeypot field. */
  raw: Record<string, unknown>;
  user: User;
  database: AppDatabase;
  /** The client's address as the HTTP host resolved it (TRUST_PROXY aware). */
  clientAddress: string;
  /** true for a plain HTML form post: the answer is a 303. */
  form: boolean;
  /** An audit entry by the current user from the current address, to commit with the change. */
  audit: (entry: Omit<AuditEntry, 'actorId' | 'ip'> & { actorId?: string | null }) => WriteQuery;
  /** Commits statements atomically through the write queue (group commit). */
  commit: (statements: WriteQuery[]) => Promise<void>;
  /** The failure the route's table gives `reason` (`fields` for the form, `location` where it lands). */
  refuse: (
    reason: Reason,
    extra?: { fields?: Record<string, string[]>; location?: string | Landing; values?: Record<string, string> },
  ) => Outcome;
}

/** Where a plain form post lands (a clean path) and the notice code the page there shows. */
export interface Landing {
  path: string;
  notice?: string;
}

/** `path`, with `notice` carried to it in the form-outcome cookie (src/server/http/form-outcome.ts). */
export const landing = (path: string, notice?: string): Landing => ({ path, notice });

const toLanding = (to: string | Landing): Landing => (typeof to === 'string' ? { path: to } : to);

export type Outcome =
  | {
      ok: true;
      status: number;
      body?: unknown;
      location: string;
      /** The notice the landing page shows (for a form; for a script too with `scriptFollows`). */
      notice?: string;
      /** The island navigates to `location` itself: its JSON answer sets the notice's cookie too. */
      scriptFollows?: boolean;
    }
  | {
      ok: false;
      status: number;
      error: string;
      code: FailureCode;
      fields?: Record<string, string[]>;
      headers?: HeadersInit;
      /** For a plain form post: a whole HTML page answered with `status` instead of the 303. */
      page?: string;
      /** For a plain form post: where it lands, when the handler knows better than `formFailure`. */
      location?: string | Landing;
      /**
       * For a plain form post: what was typed, when the route read its body itself (a streamed
       * upload form), to give back with the field messages (secrets are left out there too).
       */
      values?: Record<string, string>;
      /** For a navigation: `error` as a text/plain page with `status` and `headers` instead of the 303. */
      text?: boolean;
    };

type Refusal = Extract<Outcome, { ok: false }>;

/** Success: `body` as JSON with `status` (no body for 204), or for a form a 303 to `to` (with its notice). */
export const done = (to: string | Landing, status = 200, body?: unknown): Outcome => {
  const { path, notice } = toLanding(to);
  return { ok: true, status, body, location: path, notice };
};

/**
 * Success after which the island navigates to `to` itself: JSON `{ ...body, location }` (200),
 * or without a body a 204 (the island knows where it goes), with `to`'s notice in the
 * form-outcome cookie for the next page; a 303 there for a form.
 */
export const navigate = (to: Landing, body?: Record<string, unknown>): Outcome => ({
  ok: true,
  status: body ? 200 : 204,
  body: body && { ...body, location: to.path },
  location: to.path,
  notice: to.notice,
  scriptFollows: true,
});

/** Failure: `error` as JSON with `status`, or a 303 to the route's failure page with `code` for a form. */
export const fail = (status: number, error: string, code: FailureCode, fields?: Record<string, string[]>): Outcome => ({
  ok: false,
  status,
  error,
  code,
  fields,
});

interface LimitSpec<Input, User> {
  rule: RateLimitRule;
  /** Whose bucket: the client address, the signed-in user, or something from the input. */
  key: 'client' | 'user' | ((input: Input, user: User, context: APIContext) => string);
}

/** A body the handler reads itself (an upload streamed to disk, never buffered here). */
interface StreamedBody {
  /** The content types it may have; anything else is 'unsupported-type' (415). */
  types: readonly string[];
  /** A declared length over this is 'too-large' (413) before a byte is read; refusals drain up to it. */
  maxBytes: number;
  /** The form's file field: a 'too-large' refusal names it as the field to fix. */
  fileField?: string;
  /**
   * Reads the text fields before the file (the upload form's own parser), for a plain form post
   * refused before its handler read the body ('too-large', 'limited'): it comes back with them.
   */
  leadingFields?: (request: Request) => Promise<Record<string, string>>;
}

/** Where a plain form post (or a navigation) lands after a failure `code`. */
type FormFailure<P extends ParamSchemas> = (
  code: FailureCode,
  request: { url: URL; request: Request; raw: Record<string, unknown>; params: Partial<ParamsFor<P>> },
) => string | Landing;

/**
 * How the route answers. By default by the request: JSON for a script, a 303 (or the failure's
 * page) for a plain HTML form post. `'json'`: always JSON, whatever the request looks like, for
 * callers that are not browsers (a provider's webhook); no form lands anywhere. `'navigation'`:
 * a browser following a link (a GET such as a payment provider's return URL), never an error
 * page: every outcome is a 303, to the success's `location` or to `formFailure(code)` (errors and
 * an unreachable database included), unless the failure has its own `page` or `text`.
 */
type Answering<P extends ParamSchemas> =
  | {
      answer?: 'navigation';
      /**
       * Where a plain form post or a navigation lands after a failure `code` (`raw` is the body as
       * far as it was read, `params` the route's parameters as far as they parsed).
       */
      formFailure: FormFailure<P>;
    }
  | { answer: 'json'; formFailure?: never };

interface MutationOptions<
  S extends z.ZodMiniType | null,
  A extends Access,
  P extends ParamSchemas,
  R extends string,
  Q extends z.ZodMiniType | null,
> {
  access: A;
  /**
   * Checked before anything else: the reason (from `failures`) the route cannot serve at all
   * right now, e.g. payments without their provider's settings; null when it can.
   */
  unavailable?: () => NoInfer<R> | null;
  /** Route parameters and their schemas; one that does not parse is `paramsFailure` (default 'not-found', 404). */
  params?: P;
  paramsFailure?: NoInfer<R>;
  /**
   * The query string's schema, given the first value of each name; one that does not parse is
   * 'invalid' (400 with `fields`), before the body is read.
   */
  query?: Q;
  /** The body's schema; null for requests without a body (sign-out) or with a `stream`ed one. */
  schema: S;
  /** A body the handler reads from `context.request` itself (`schema` is null then). */
  stream?: StreamedBody;
  /** Body cap in bytes (default 8 KiB; Astro's own 100 KB cap applies to every route). */
  maxBytes?: number;
  /**
   * Answer JSON when the request's Accept asks for it, whatever its body (a script posting a
   * form body). Default: JSON for a JSON body only. Always on for a streamed body.
   */
  jsonWhenAccepted?: boolean;
  /** Limits taken, in order, before the handler runs; all are off with RATE_LIMITS=off. */
  limits?: LimitSpec<InputFor<S>, UserFor<A>>[];
  /** The route's failures by reason: what `ctx.refuse(reason)` answers. */
  failures?: Record<R, Failure>;
  /**
   * Where a signed-out plain form post (or navigation) is sent to sign in, and then back to
   * (default: the path it posted to; a navigation's path with its query).
   */
  signInReturn?: string;
  /**
   * Carry field messages and typed values to the form's page after a failed plain post
   * (src/server/http/form-outcome.ts), whatever the failure (a refused field, a taken slot, a
   * rate limit). Off for forms on prerendered pages, which cannot read it, and pages that show
   * no fields of their own.
   */
  fieldFeedback?: boolean;
  handle: (ctx: MutationContext<InputFor<S>, UserFor<A>, ParamsFor<P>, R, QueryFor<Q>>) => Promise<Outcome>;
}

export type MutationSpec<
  S extends z.ZodMiniType | null,
  A extends Access,
  P extends ParamSchemas = Record<string, never>,
  R extends string = never,
  Q extends z.ZodMiniType | null = null,
> = MutationOptions<S, A, P, R, Q> & Answering<P>;

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

const acceptsJson = (request: Request) => (request.headers.get('accept') ?? '').includes('application/json');

export function defineMutation<
  S extends z.ZodMiniType | null,
  A extends Access,
  P extends ParamSchemas = Record<string, never>,
  R extends string = never,
  Q extends z.ZodMiniType | null = null,
>(declared: MutationSpec<S, A, P, R, Q>): APIRoute {
  // A JSON-only route never lands a form anywhere: nothing calls its `formFailure`.
  const spec = { ...declared, formFailure: declared.formFailure ?? (() => '/') };
  const table = (spec.failures ?? {}) as Partial<Record<string, Failure>>;
  /** The table's answer for `reason`, or (for the wrapper's own reasons) the platform's default under `code`. */
  const failure = (reason: string, fallback: { status: number; error: string; code?: FailureCode }): Refusal => {
    const own = table[reason];
    if (own) return { ok: false, status: own.status, error: own.error, code: reason, page: own.page, text: own.text };
    return { ok: false, status: fallback.status, error: fallback.error, code: fallback.code ?? reason };
  };
  const jsonWhenAccepted = spec.jsonWhenAccepted ?? spec.stream !== undefined;

  return async (context) => {
    const { request, url, locals } = context;
    const type = mimeType(request.headers.get('content-type'));
    // As the route says; else by the body (a form, else JSON), or where the same body comes from a
    // form and a script, by what it accepts.
    const byBody = spec.answer === undefined && !jsonWhenAccepted;
    let kind: BodyKind =
      spec.answer === 'json'
        ? 'json'
        : spec.answer === 'navigation'
          ? 'form'
          : jsonWhenAccepted
            ? acceptsJson(request) || type === 'application/json'
              ? 'json'
              : 'form'
            : FORM_TYPES.has(type)
              ? 'form'
              : 'json';
    let raw: Record<string, unknown> = {};
    const params: Record<string, unknown> = {};
    const secure = url.protocol === 'https:';
    /** A navigation lands somewhere whatever happened: a 303 (its notice in the cookie), or the failure's own page or text. */
    const land = async (outcome: Outcome): Promise<Response> => {
      if (outcome.ok) {
        if (outcome.notice) await keepFormOutcome(context.cookies, { notice: outcome.notice, secure });
        return seeOther(outcome.location);
      }
      if (outcome.page !== undefined) return htmlPage(outcome.status, outcome.page);
      if (outcome.text) return plainText(outcome.status, outcome.error, outcome.headers);
      if (outcome.code === 'signed-out')
        return seeOther(`/auth?next=${encodeURIComponent(spec.signInReturn ?? `${url.pathname}${url.search}`)}`);
      if (outcome.code === 'forbidden') return seeOther('/');
      const parsed = params as Partial<ParamsFor<P>>;
      const to = toLanding(outcome.location ?? spec.formFailure(outcome.code, { url, request, raw, params: parsed }));
      if (to.notice) await keepFormOutcome(context.cookies, { notice: to.notice, secure });
      return seeOther(to.path);
    };
    /** A streamed form's text fields, read before its handler would (for a plain form post only). */
    const typedBeforeTheFile = async () =>
      kind === 'form' && spec.stream?.leadingFields ? await spec.stream.leadingFields(request) : undefined;
    const answer = async (outcome: Outcome): Promise<Response> => {
      if (spec.answer === 'navigation') return land(outcome);
      // Refused before the handler read the streamed body to its end: let the client finish sending.
      if (spec.stream && !outcome.ok) drainBody(request, spec.stream.maxBytes);
      if (kind === 'form') {
        if (outcome.ok) {
          if (outcome.notice) await keepFormOutcome(context.cookies, { notice: outcome.notice, secure });
          return seeOther(outcome.location);
        }
        if (outcome.page !== undefined) return htmlPage(outcome.status, outcome.page);
        if (outcome.code === 'signed-out')
          return seeOther(`/auth?next=${encodeURIComponent(spec.signInReturn ?? url.pathname)}`);
        if (outcome.code === 'forbidden') return seeOther('/');
        const parsed = params as Partial<ParamsFor<P>>;
        const to = toLanding(outcome.location ?? spec.formFailure(outcome.code, { url, request, raw, params: parsed }));
        // The field messages and what was typed (the body as read here, or what a route that
        // streams its own body read), for the page to give back: every value, however long.
        const feedback = spec.fieldFeedback !== false;
        const fields = feedback ? outcome.fields : undefined;
        const typed = feedback ? (outcome.values ?? raw) : {};
        await keepFormOutcome(context.cookies, { form: url.pathname, notice: to.notice, fields, raw: typed, secure });
        return seeOther(to.path);
      }
      if (outcome.ok) {
        if (outcome.scriptFollows && outcome.notice)
          await keepFormOutcome(context.cookies, { notice: outcome.notice, secure });
        return outcome.status === 204
          ? new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
          : jsonOk(outcome.body ?? {}, outcome.status);
      }
      return jsonError(outcome.status, outcome.error, { fields: outcome.fields, headers: outcome.headers });
    };

    try {
      const closed = spec.unavailable?.();
      if (closed) return answer(failure(closed, { status: 503, error: API_ERRORS.internal }));

      // Who is calling, checked on the server for every mutation (the path guard is a second lock).
      const user = locals.user;
      if (spec.access !== 'public' && !user)
        return answer(failure('signed-out', { status: 401, error: API_ERRORS.notSignedIn }));
      if (spec.access === 'admin' && user?.role !== 'admin')
        return answer(failure('forbidden', { status: 403, error: API_ERRORS.forbidden }));

      // A path that names no record is a 404: before a streamed body is read (an upload for no
      // record is not taken in), but after a small body is checked, so a malformed or invalid body
      // is the same 400 whatever the id (the id alone does not decide what the caller hears first).
      const noRecord = () =>
        answer(failure(spec.paramsFailure ?? 'not-found', { status: 404, error: API_ERRORS.notFound }));
      let namesNoRecord = false;
      for (const [name, schema] of Object.entries(spec.params ?? {})) {
        const parsed = schema.safeParse(context.params[name]);
        if (!parsed.success) {
          if (spec.stream || !spec.schema) return noRecord();
          namesNoRecord = true;
          break;
        }
        params[name] = parsed.data;
      }

      let query: unknown = null;
      if (spec.query) {
        const parsed = spec.query.safeParse(queryValues(url));
        if (!parsed.success) {
          const invalid = failure('invalid', { status: 400, error: API_ERRORS.validation });
          return answer({ ...invalid, fields: fieldErrors(parsed.error.issues) });
        }
        query = parsed.data;
      }

      let input: unknown = null;
      if (spec.stream) {
        if (!spec.stream.types.includes(type))
          return answer(
            failure('unsupported-type', { status: 415, error: API_ERRORS.unsupportedMediaType, code: 'error' }),
          );
        const declared = Number(request.headers.get('content-length'));
        if (Number.isFinite(declared) && declared > spec.stream.maxBytes) {
          const tooLarge = failure('too-large', { status: 413, error: API_ERRORS.tooLarge, code: 'error' });
          const { fileField } = spec.stream;
          return answer({
            ...tooLarge,
            ...(fileField && { fields: { [fileField]: [tooLarge.error] } }),
            values: await typedBeforeTheFile(),
          });
        }
      } else if (spec.schema) {
        const result = await readInput(request, url, spec.schema, {
          maxBytes: spec.maxBytes ?? 8 * 1024,
          acceptForm: spec.answer !== 'json',
        });
        if (byBody) kind = result.kind ?? 'json';
        raw = result.raw ?? {};
        if (!result.ok) {
          const { status, error, fields } = result.failure;
          // A body that is not one (malformed JSON or form, not an object) says so: the route's own
          // 'correct the marked fields' would mark none.
          if (status === 400)
            return answer({ ...failure('invalid', { status, error }), ...(fields ? { fields } : { error }) });
          const reason = status === 413 ? 'too-large' : 'unsupported-type';
          return answer(failure(reason, { status, error, code: 'error' }));
        }
        input = result.input;
      }
      if (namesNoRecord) return noRecord();

      const database = await getDatabase();
      const address = clientAddress(context);
      const ctx: MutationContext<InputFor<S>, UserFor<A>, ParamsFor<P>, R, QueryFor<Q>> = {
        context,
        input: input as InputFor<S>,
        params: params as ParamsFor<P>,
        query: query as QueryFor<Q>,
        raw,
        user: user as UserFor<A>,
        database,
        clientAddress: address,
        form: kind === 'form',
        audit: (entry) => auditStatement({ actorId: user?.id ?? null, ip: address, ...entry }),
        commit: async (statements) => {
          await database.writes.run(statements);
        },
        refuse: (reason, extra = {}) => {
          const own = table[reason];
          if (!own) throw new Error(`${url.pathname}: no failure named '${reason}'`);
          return { ok: false, code: reason, ...own, ...extra };
        },
      };

      for (const limit of spec.limits ?? []) {
        const key =
          limit.key === 'client'
            ? address
            : limit.key === 'user'
              ? (user?.id ?? address)
              : limit.key(ctx.input, ctx.user, context);
        const taken = await consumeToken(database.writes, limit.rule, key);
        if (!taken.ok) {
          const values = spec.stream ? await typedBeforeTheFile() : undefined;
          return answer({
            ...failure('limited', { status: 429, error: API_ERRORS.rateLimited }),
            headers: { 'Retry-After': String(taken.retryAfterSeconds) },
            ...(values && { values }),
          });
        }
      }
      return answer(await spec.handle(ctx));
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        // Not our bug and nothing the visitor can fix: a 503 JSON answer for a script and a plain form
        // alike (the form's own page would need the database to render), and one line, no stack, in the log.
        // A navigation still lands where its failures do, as it promised.
        console.error(`${request.method} ${url.pathname}: the database is unavailable (${String(error)})`);
        if (spec.stream) drainBody(request, spec.stream.maxBytes);
        if (spec.answer === 'navigation')
          return land({ ok: false, status: 503, error: API_ERRORS.databaseUnavailable, code: 'error' });
        return jsonError(503, API_ERRORS.databaseUnavailable, { headers: { 'Retry-After': '30' } });
      }
      console.error(`${request.method} ${url.pathname} failed`, error);
      return answer({ ok: false, status: 500, error: API_ERRORS.internal, code: 'error' });
    }
  };
}

/**
 * A read-only JSON endpoint with the same server-side access check as mutations
 * (401/403 JSON), for GET routes such as the current user's sessions.
 */
export function defineRead<A extends Access>(spec: {
  access: A;
  handle: (ctx: { context: APIContext; user: UserFor<A>; database: AppDatabase }) => Promise<Response> | Response;
}): APIRoute {
  return async (context) => {
    const user = context.locals.user;
    if (spec.access !== 'public' && !user) return jsonError(401, API_ERRORS.notSignedIn);
    if (spec.access === 'admin' && user?.role !== 'admin') return jsonError(403, API_ERRORS.forbidden);
    try {
      return await spec.handle({ context, user: user as UserFor<A>, database: await getDatabase() });
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        return jsonError(503, API_ERRORS.databaseUnavailable, { headers: { 'Retry-After': '30' } });
      }
      throw error;
    }
  };
}

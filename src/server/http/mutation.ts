/**
 * The one path for state-changing requests. A route declares who may call it, its zod
 * schema, its rate limits and where a plain form post lands; the wrapper reads and
 * validates the body (JSON, or an HTML form when JavaScript never loaded), checks access
 * on the server, takes the limits, runs the handler with a non-null user where one is
 * required, and answers: JSON (`{ error, fields? }` on failure) or a 303 for forms.
 * Handlers commit their writes, audit entry and outbox mail together (`ctx.commit`).
 */
import type { APIContext, APIRoute } from 'astro';
import type * as z from 'zod/mini';
import { AUTH } from '../../features/accounts/messages.ts';
import type { SessionUser } from '../../features/accounts/session.ts';
import { isDatabaseUnavailable } from '../db/client.ts';
import { getDatabase, type AppDatabase, type WriteQuery } from '../db/index.ts';
import { auditStatement, type AuditEntry } from '../security/audit.ts';
import { consumeToken, type RateLimitRule } from '../security/rate-limit.ts';
import { clientAddress } from './client-address.ts';
import { keepFormFeedback } from './form-feedback.ts';
import { API_ERRORS } from './messages.ts';
import { mimeType, readInput, type BodyKind } from './read-input.ts';
import { jsonError, jsonOk, seeOther } from './responses.ts';

export type Access = 'public' | 'user' | 'admin';
type UserFor<A extends Access> = A extends 'public' ? SessionUser | null : SessionUser;
type InputFor<S> = S extends z.ZodMiniType ? z.output<S> : null;

/** What a plain form post failed with, before or inside the handler: the route maps it to a page. */
export type FailureCode = 'invalid' | 'limited' | 'error' | (string & {});

export interface MutationContext<Input, User> {
  context: APIContext;
  input: Input;
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
}

export type Outcome =
  | { ok: true; status: number; body?: unknown; location: string }
  | {
      ok: false;
      status: number;
      error: string;
      code: FailureCode;
      fields?: Record<string, string[]>;
      headers?: HeadersInit;
    };

/** Success: `body` as JSON with `status` (no body for 204), or a 303 to `location` for a form. */
export const done = (location: string, status = 200, body?: unknown): Outcome => ({ ok: true, status, body, location });

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

export interface MutationSpec<S extends z.ZodMiniType | null, A extends Access> {
  access: A;
  /** The body's schema; null for requests without a body (sign-out). */
  schema: S;
  /** Body cap in bytes (default 8 KiB; Astro's own 100 KB cap applies to every route). */
  maxBytes?: number;
  /** Limits taken, in order, before the handler runs; all are off with RATE_LIMITS=off. */
  limits?: LimitSpec<InputFor<S>, UserFor<A>>[];
  /** Where a plain form post lands after a failure `code` (`raw` is the body as far as it was read). */
  formFailure: (code: FailureCode, request: { url: URL; request: Request; raw: Record<string, unknown> }) => string;
  /**
   * Carry field messages and typed values to the form's page after a failed plain post
   * (src/server/http/form-feedback.ts). Off for forms on prerendered pages, which cannot read it.
   */
  fieldFeedback?: boolean;
  handle: (ctx: MutationContext<InputFor<S>, UserFor<A>>) => Promise<Outcome>;
}

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** Who is calling, checked on the server for every mutation (the path guard is a second lock). */
function denied(access: Access, user: SessionUser | null): Outcome | null {
  if (access === 'public') return null;
  if (!user) return fail(401, AUTH.notSignedIn, 'signed-out');
  if (access === 'admin' && user.role !== 'admin') return fail(403, AUTH.forbidden, 'forbidden');
  return null;
}

export function defineMutation<S extends z.ZodMiniType | null, A extends Access>(spec: MutationSpec<S, A>): APIRoute {
  return async (context) => {
    const { request, url, locals } = context;
    let kind: BodyKind = FORM_TYPES.has(mimeType(request.headers.get('content-type'))) ? 'form' : 'json';
    let raw: Record<string, unknown> = {};
    const answer = (outcome: Outcome): Response => {
      if (kind === 'form') {
        if (outcome.ok) return seeOther(outcome.location);
        if (outcome.code === 'signed-out') return seeOther(`/auth?next=${encodeURIComponent(url.pathname)}`);
        if (outcome.code === 'forbidden') return seeOther('/');
        if (outcome.fields && spec.fieldFeedback !== false) {
          keepFormFeedback(context.cookies, {
            form: url.pathname,
            fields: outcome.fields,
            raw,
            secure: url.protocol === 'https:',
          });
        }
        return seeOther(spec.formFailure(outcome.code, { url, request, raw }));
      }
      if (outcome.ok) {
        return outcome.status === 204
          ? new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
          : jsonOk(outcome.body ?? {}, outcome.status);
      }
      return jsonError(outcome.status, outcome.error, { fields: outcome.fields, headers: outcome.headers });
    };

    try {
      const user = locals.user;
      const refusal = denied(spec.access, user);
      if (refusal) return answer(refusal);

      let input: unknown = null;
      if (spec.schema) {
        const result = await readInput(request, url, spec.schema, {
          maxBytes: spec.maxBytes ?? 8 * 1024,
          acceptForm: true,
        });
        kind = result.kind ?? 'json';
        raw = result.raw ?? {};
        if (!result.ok) {
          const { status, error, fields } = result.failure;
          return answer({ ok: false, status, error, fields, code: status === 400 ? 'invalid' : 'error' });
        }
        input = result.input;
      }

      const database = await getDatabase();
      const address = clientAddress(context);
      const ctx: MutationContext<InputFor<S>, UserFor<A>> = {
        context,
        input: input as InputFor<S>,
        raw,
        user: user as UserFor<A>,
        database,
        clientAddress: address,
        form: kind === 'form',
        audit: (entry) => auditStatement({ actorId: user?.id ?? null, ip: address, ...entry }),
        commit: async (statements) => {
          await database.writes.run(statements);
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
          return answer({
            ok: false,
            status: 429,
            error: API_ERRORS.rateLimited,
            code: 'limited',
            headers: { 'Retry-After': String(taken.retryAfterSeconds) },
          });
        }
      }
      return answer(await spec.handle(ctx));
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        // Not our bug and nothing the visitor can fix: a 503 JSON answer for a script and a plain form
        // alike (the form's own page would need the database to render), and one line, no stack, in the log.
        console.error(`${request.method} ${url.pathname}: the database is unavailable (${String(error)})`);
        return jsonError(503, API_ERRORS.databaseUnavailable, { headers: { 'Retry-After': '30' } });
      }
      console.error(`${request.method} ${url.pathname} failed`, error);
      return answer({ ok: false, status: 500, error: API_ERRORS.internal, code: 'error' });
    }
  };
}

/** `path?name=value` keeping existing query parameters and the hash. */
export function withParam(path: string, name: string, value: string) {
  const url = new URL(path, 'http://localhost');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
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
    const refusal = denied(spec.access, user);
    if (refusal && !refusal.ok) return jsonError(refusal.status, refusal.error);
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

/**
 * For tests of route handlers: calls one as the HTTP host hands it a request (locals filled by
 * the middleware, route parameters from the path, a cookie jar to read back), with a user, a
 * body and parameters. One helper for every handler test instead of a context built by hand.
 */
import type { APIContext, APIRoute } from 'astro';
import { takeFormOutcome, type FormOutcome } from '../form-outcome.ts';

/** A cookie the route set (or, with `maxAge: 0`, deleted). */
interface CookieWrite {
  value: string;
  options: Record<string, unknown> | undefined;
}

interface RouteCall {
  /** Default POST. */
  method?: string;
  /**
   * An object is sent as JSON or, with `form`, as a plain form's fields (values as text); a
   * string is sent as it is. Without a body nothing is sent (a form sends an empty one).
   */
  body?: Record<string, unknown> | string;
  /** A plain HTML form post (urlencoded) instead of JSON. */
  form?: boolean;
  /** More request headers (e.g. `accept`); the content type follows `form` unless given here. */
  headers?: Record<string, string>;
  /** The route's parameters, as Astro takes them from the path. */
  params?: Record<string, string>;
  user?: App.Locals['user'];
  session?: App.Locals['session'];
  /** The client's address as the host resolved it. */
  ip?: string;
  /** Cookies the browser sends. */
  cookies?: Record<string, string>;
}

/** `target` is a path ('/api/login?x=1') on http://localhost, or a ready Request (a multipart upload, a stream). */
export function routeContext(target: string | Request, call: RouteCall = {}) {
  const { method = 'POST', body, form = false, params = {}, user = null, session = null, ip = '203.0.113.10' } = call;
  let request: Request;
  if (typeof target === 'string') {
    const headers: Record<string, string> = {};
    let payload: string | undefined;
    if (body !== undefined || form) {
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
      payload =
        typeof body === 'string'
          ? body
          : form
            ? new URLSearchParams(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])).toString()
            : JSON.stringify(body);
    }
    request = new Request(new URL(target, 'http://localhost'), {
      method,
      headers: { ...headers, ...call.headers },
      body: payload,
    });
  } else {
    request = target;
  }
  const jar = new Map<string, CookieWrite>();
  const cookies = {
    set: (name: string, value: string, options?: Record<string, unknown>) => jar.set(name, { value, options }),
    get: (name: string) => {
      const value = call.cookies?.[name];
      return value === undefined ? undefined : { value };
    },
    has: (name: string) => call.cookies?.[name] !== undefined,
    delete: (name: string) => jar.set(name, { value: '', options: { maxAge: 0 } }),
  };
  const locals = { user, session, pendingSignIn: null, clientAddress: ip };
  // Only what route handlers read: a whole APIContext is Astro's to build.
  const context = {
    request,
    url: new URL(request.url),
    params,
    locals,
    clientAddress: ip,
    cookies,
  } as unknown as APIContext;
  return { context, jar, locals };
}

/** Calls `handler` with the context above: its Response, the cookies it set, and the context. */
export async function callRoute(
  handler: APIRoute | ((context: APIContext) => Response | Promise<Response>),
  target: string | Request,
  call: RouteCall = {},
) {
  const made = routeContext(target, call);
  const response = await handler(made.context);
  jarsOfResponses.set(response, made.jar);
  return { response, ...made };
}

/** The cookies each answer of `callRoute` set, for `formOutcomeOf(response)`. */
const jarsOfResponses = new WeakMap<Response, Map<string, CookieWrite>>();

/** The form outcome (notice, field messages) `response`'s route left for the next page, as that page reads it. */
export function formOutcomeOf(response: Response): Promise<FormOutcome | null> {
  return formOutcomeIn(jarsOfResponses.get(response));
}

/**
 * What an on-demand page's frontmatter reads (url, request, locals, cookies) and writes
 * (response headers), for testing a page's server module: `cookies` as the browser sends them,
 * e.g. `outcomeCookieOf(response)` to follow a form post to the page it lands on.
 */
export function pageContext(target: string, call: Pick<RouteCall, 'method' | 'cookies' | 'user' | 'ip'> = {}) {
  const { context } = routeContext(target, { method: 'GET', ...call });
  return { ...context, response: { headers: new Headers() } };
}

/** The form-outcome cookie `response`'s route set, as the browser sends it on to the next page. */
export function outcomeCookieOf(response: Response): Record<string, string> {
  const value = jarsOfResponses.get(response)?.get('form_outcome')?.value;
  return value ? { form_outcome: value } : {};
}

/** The form outcome in a cookie jar of `routeContext`, as the next page reads it. */
export function formOutcomeIn(jar: Map<string, CookieWrite> | undefined): Promise<FormOutcome | null> {
  const value = jar?.get('form_outcome')?.value;
  return takeFormOutcome({ get: () => (value ? { value } : undefined), delete: () => {} } as never, false);
}

import { defineMiddleware, sequence } from 'astro:middleware';
import { AUTH } from '#features/accounts/copy.ts';
import { API_ERRORS } from '#server/http/copy.ts';
import { jsonError } from '#server/http/responses.ts';
import { ADMIN_ONLY_REDIRECT, ADMIN_TWO_FACTOR_SETUP, guardFor, loginRedirect } from '#features/accounts/guards.ts';
import { secureCookies, sessionLocals } from '#features/accounts/request-session.server.ts';
import {
  deleteSessionCookie,
  SESSION_COOKIE,
  setSessionCookie,
  validateSessionToken,
} from '#features/accounts/session.server.ts';
import { isDatabaseUnavailable } from '#server/db/client.ts';
import { getDatabase } from '#server/db/index.ts';
import { isCrossSiteRequest } from '#server/security/cross-site.ts';

/*
 * Serves on-demand routes. At build time Astro also runs it for prerendered pages, which
 * have no request to read (nothing private is prerendered: src/integrations/private-routes.ts):
 * they get an anonymous visitor without touching headers or cookies. Astro's own checkOrigin is
 * off because it covers form-like bodies only and answers in plain text; refuseCrossSite covers
 * every state-changing request in our JSON shape.
 */

const anonymousWhenPrerendering = defineMiddleware((context, next) => {
  context.locals.user = null;
  context.locals.session = null;
  context.locals.pendingSignIn = null;
  context.locals.adminNeedsTwoFactor = false;
  if (context.isPrerendered) return next();
  return onDemand(context, next);
});

const refuseCrossSite = defineMiddleware((context, next) => {
  if (isCrossSiteRequest(context.request, context.url)) return jsonError(403, API_ERRORS.crossSite);
  return next();
});

/** Fills locals.user and locals.session from the session cookie, sliding its expiry. */
const authenticate = defineMiddleware(async (context, next) => {
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  if (token) {
    let result: Awaited<ReturnType<typeof validateSessionToken>>;
    try {
      result = await validateSessionToken(await getDatabase(), token);
    } catch (error) {
      // The database is down or too slow: a clear 503 (as the routes answer), not a framework 500.
      if (!isDatabaseUnavailable(error)) throw error;
      return jsonError(503, API_ERRORS.databaseUnavailable, { headers: { 'Retry-After': '30' } });
    }
    if (result) {
      // A session waiting for its second factor fills only locals.pendingSignIn: signed out to every guard.
      Object.assign(context.locals, sessionLocals(result));
      if (result.refreshed)
        setSessionCookie(context.cookies, token, result.session.lastVerifiedAt, secureCookies(context.url));
    } else {
      deleteSessionCookie(context.cookies, secureCookies(context.url));
    }
  }
  return next();
});

/**
 * The server-side guard for private areas: a client redirect is never the guard. An admin
 * without two-factor sign-in has a customer's role (sessionLocals) and is sent to its set-up.
 */
const guard = defineMiddleware((context, next) => {
  const { user, adminNeedsTwoFactor } = context.locals;
  switch (guardFor(context.url.pathname)) {
    case 'admin-api':
      if (!user) return jsonError(401, AUTH.notSignedIn);
      if (user.role !== 'admin') return jsonError(403, adminNeedsTwoFactor ? AUTH.adminNeedsTwoFactor : AUTH.forbidden);
      break;
    case 'user-api':
      if (!user) return jsonError(401, AUTH.notSignedIn);
      break;
    case 'admin-page':
      if (!user) return context.redirect(loginRedirect(context.url));
      if (user.role !== 'admin')
        return context.redirect(adminNeedsTwoFactor ? ADMIN_TWO_FACTOR_SETUP : ADMIN_ONLY_REDIRECT);
      break;
    case 'user-page':
      if (!user) return context.redirect(loginRedirect(context.url));
      break;
  }
  return next();
});

/** Anything rendered on demand may depend on the session: never cache it unless the route says so. */
const noStore = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (response.headers.has('cache-control')) return response;
  try {
    response.headers.set('Cache-Control', 'no-store');
    return response;
  } catch {
    // Immutable headers (e.g. Response.redirect): copy the response.
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', 'no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
});

const onDemand = sequence(refuseCrossSite, noStore, authenticate, guard);

export const onRequest = anonymousWhenPrerendering;

import { defineMiddleware, sequence } from 'astro:middleware';
import { API_ERRORS } from './lib/messages';
import { jsonError } from './server/api/responses';
import { isCrossSiteRequest } from './server/security/cross-site';

/**
 * Runs for on-demand routes only (prerendered pages are static files). Astro's own
 * checkOrigin is off because it covers form-like bodies only and answers in plain text;
 * this guard covers every state-changing request and answers in our JSON error shape.
 */
const refuseCrossSite = defineMiddleware((context, next) => {
  if (isCrossSiteRequest(context.request, context.url)) return jsonError(403, API_ERRORS.crossSite);
  return next();
});

export const onRequest = sequence(refuseCrossSite);

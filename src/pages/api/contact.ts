import type { APIRoute } from 'astro';
import { API_ERRORS } from '../../lib/messages';
import { contactSchema, HONEYPOT_FIELD } from '../../lib/schemas/contact';
import { clientAddress } from '../../server/api/client-address';
import { readInput } from '../../server/api/read-input';
import { jsonError, jsonOk, methodNotAllowed, seeOther } from '../../server/api/responses';
import { saveContactMessage } from '../../server/contact/save-message';
import { safeReturnPath } from '../../server/auth/request-session';
import { getDatabase } from '../../server/db';
import { consumeToken, type RateLimitRule } from '../../server/security/rate-limit';

export const prerender = false;

export const CONTACT_BODY_LIMIT = 32 * 1024;
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact', capacity: 5, windowMs: 10 * 60_000 };

/** Where a plain HTML form post returns to: the page it came from, on this site. */
function returnPath(request: Request, url: URL): string {
  try {
    const referer = new URL(request.headers.get('referer') ?? '');
    if (referer.origin === url.origin) return safeReturnPath(referer.pathname, '/contact');
  } catch {
    // no or malformed Referer
  }
  return '/contact';
}

/**
 * POST /api/contact: JSON from the island (201 / 4xx JSON), or a plain form post from a
 * browser without JavaScript (303 back to the page, whose #contact-{outcome} notice shows).
 */
export const POST: APIRoute = async (context) => {
  const { request, url } = context;
  const result = await readInput(request, url, contactSchema, { maxBytes: CONTACT_BODY_LIMIT, acceptForm: true });
  const back = (outcome: 'sent' | 'invalid' | 'limited' | 'error') =>
    seeOther(`${returnPath(request, url)}#contact-${outcome}`);
  const isForm = result.kind === 'form';

  if (!result.ok) {
    const { status, error, fields } = result.failure;
    if (isForm) return back(status === 400 ? 'invalid' : 'error');
    return jsonError(status, error, { fields });
  }

  // A bot filled the field people never see: answer like a success, keep nothing.
  if (typeof result.raw[HONEYPOT_FIELD] === 'string' && result.raw[HONEYPOT_FIELD] !== '') {
    return isForm ? back('sent') : jsonOk({ id: crypto.randomUUID() }, 201);
  }

  try {
    const database = await getDatabase();
    const limit = await consumeToken(database.writes, CONTACT_RATE_LIMIT, clientAddress(context));
    if (!limit.ok) {
      if (isForm) return back('limited');
      return jsonError(429, API_ERRORS.rateLimited, { headers: { 'Retry-After': String(limit.retryAfterSeconds) } });
    }
    const { id } = await saveContactMessage(database, result.input);
    return isForm ? back('sent') : jsonOk({ id }, 201);
  } catch (error) {
    console.error('contact: could not store message', error);
    return isForm ? back('error') : jsonError(500, API_ERRORS.internal);
  }
};

export const ALL = methodNotAllowed('POST');

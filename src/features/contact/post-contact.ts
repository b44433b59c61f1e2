import { defineMutation, done, type FailureCode } from '../../server/http/mutation.ts';
import type { RateLimitRule } from '../../server/security/rate-limit.ts';
import { safeReturnPath } from '../accounts/request-session.ts';
import { saveContactMessage } from './contact.server.ts';
import { contactSchema, HONEYPOT_FIELD } from './schema.ts';

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

/** The notice a no-JS form shows (by CSS :target) for each outcome. */
const NOTICES: ReadonlyMap<FailureCode, string> = new Map([
  ['invalid', 'invalid'],
  ['limited', 'limited'],
]);

/**
 * POST /api/contact: JSON from the island (201 / 4xx JSON), or a plain form post from a
 * browser without JavaScript (303 back to the page, whose #contact-{outcome} notice shows).
 */
export const postContact = defineMutation({
  access: 'public',
  schema: contactSchema,
  maxBytes: CONTACT_BODY_LIMIT,
  limits: [{ rule: CONTACT_RATE_LIMIT, key: 'client' }],
  // The form sits on prerendered pages: its no-JS notices are the #contact-… anchors.
  fieldFeedback: false,
  formFailure: (code, { request, url }) => `${returnPath(request, url)}#contact-${NOTICES.get(code) ?? 'error'}`,
  async handle({ input, raw, database, context }) {
    const back = `${returnPath(context.request, context.url)}#contact-sent`;
    // A bot filled the field people never see: answer like a success, keep nothing.
    if (typeof raw[HONEYPOT_FIELD] === 'string' && raw[HONEYPOT_FIELD] !== '') {
      return done(back, 201, { id: crypto.randomUUID() });
    }
    const { id } = await saveContactMessage(database, input);
    return done(back, 201, { id });
  },
});

import { defineMutation, done, landing, type FailureCode } from '#server/http/mutation.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import { saveContactMessage } from '../contact.server.ts';
import { contactSchema, HONEYPOT_FIELD } from '../schema.ts';

export const CONTACT_BODY_LIMIT = 32 * 1024;
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact', capacity: 5, windowMs: 10 * 60_000 };

/** The page a plain HTML form post lands on (the form's pages are prerendered and cannot read its messages). */
export const CONTACT_RESULT_PATH = '/contact/result';

/** What a plain post's result page says: each failure code it knows, else a general error. */
const OUTCOMES: ReadonlySet<FailureCode> = new Set(['invalid', 'limited']);
const resultPage = (outcome: string) => landing(`${CONTACT_RESULT_PATH}#contact`, outcome);

/**
 * POST /api/contact: JSON from the form's script (201 / 4xx JSON), or a plain form post from a
 * browser without JavaScript (or before the script arrived): a 303 to /contact/result, which shows
 * the outcome and, for a refused post, each field's message and what was typed.
 */
export const postContact = defineMutation({
  access: 'public',
  schema: contactSchema,
  maxBytes: CONTACT_BODY_LIMIT,
  limits: [{ rule: CONTACT_RATE_LIMIT, key: 'client' }],
  formFailure: (code) => resultPage(OUTCOMES.has(code) ? code : 'error'),
  async handle({ input, raw, database }) {
    const back = resultPage('sent');
    // A bot filled the field people never see: answer like a success, keep nothing.
    if (typeof raw[HONEYPOT_FIELD] === 'string' && raw[HONEYPOT_FIELD] !== '') {
      return done(back, 201, { id: crypto.randomUUID() });
    }
    const { id } = await saveContactMessage(database, input);
    return done(back, 201, { id });
  },
});

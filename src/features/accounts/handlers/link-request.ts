import { defineMutation, done, landing } from '#server/http/mutation.ts';
import { consumeToken } from '#server/security/rate-limit.ts';
import type { TokenPurpose } from '../account-links.server.ts';
import { sendAccountLink } from '../accounts.server.ts';
import { AUTH_LIMITS } from '../limits.ts';
import { AUTH } from '../copy.ts';
import { emailOnlySchema } from '../schemas.ts';

/** The notice the form's page shows after a request: "we sent a link" (whoever asked). */
export const LINK_SENT = 'link-sent';

/**
 * "E-mail me a link" (password reset, new activation link): the same answer whether or
 * not the e-mail has an account, limited per client and per e-mail. `page` is the form's page.
 */
export const linkRequest = (purpose: TokenPurpose, page: string) =>
  defineMutation({
    access: 'public',
    schema: emailOnlySchema,
    maxBytes: 4 * 1024,
    limits: [{ rule: AUTH_LIMITS.linkRequestIp, key: 'client' }],
    formFailure: (code) => landing(page, code),
    async handle({ input, database }) {
      // Over the per-e-mail limit we still answer "sent": the answer must not depend on the account.
      const emailLimit = await consumeToken(database.writes, AUTH_LIMITS.linkRequestEmail, input.email);
      // Sent off the response path, so known and unknown e-mails take the same time to answer.
      if (emailLimit.ok) {
        sendAccountLink(database, input.email, purpose).catch((error: unknown) =>
          console.error('could not queue account link', error),
        );
      }
      return done(landing(page, LINK_SENT), 202, { message: AUTH.linkSent });
    },
  });

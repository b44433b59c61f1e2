import type { APIContext } from 'astro';
import { AUTH } from '../../lib/messages';
import { emailOnlySchema } from '../../lib/schemas/auth';
import { getDatabase } from '../db';
import { sendAccountLink } from '../auth/accounts';
import type { TokenPurpose } from '../auth/account-tokens.mjs';
import { AUTH_LIMITS, consumeToken } from '../security/rate-limit';
import { tooMany } from './auth-responses';
import { clientAddress } from './client-address';
import { readInput } from './read-input';
import { jsonError, jsonOk, seeOther } from './responses';

/**
 * "E-mail me a link" (password reset, new activation link): the same answer whether or
 * not the e-mail has an account, limited per client and per e-mail.
 */
export async function handleLinkRequest(context: APIContext, purpose: TokenPurpose, formDone: string) {
  const { request, url } = context;
  const result = await readInput(request, url, emailOnlySchema, { maxBytes: 4 * 1024, acceptForm: true });
  const form = result.kind === 'form';
  if (!result.ok)
    return form
      ? seeOther(`${formDone}?error=invalid`)
      : jsonError(result.failure.status, result.failure.error, { fields: result.failure.fields });
  const database = await getDatabase();
  const ipLimit = await consumeToken(database.writes, AUTH_LIMITS.linkRequestIp, clientAddress(context));
  if (!ipLimit.ok) return tooMany(ipLimit, form ? `${formDone}?error=limited` : null);
  // Over the per-e-mail limit we still answer "sent": the answer must not depend on the account.
  const emailLimit = await consumeToken(database.writes, AUTH_LIMITS.linkRequestEmail, result.input.email);
  // Sent off the response path, so known and unknown e-mails take the same time to answer.
  if (emailLimit.ok) {
    sendAccountLink(database, result.input.email, purpose).catch((error: unknown) =>
      console.error('could not queue account link', error),
    );
  }
  return form ? seeOther(`${formDone}?sent=1`) : jsonOk({ message: AUTH.linkSent }, 202);
}

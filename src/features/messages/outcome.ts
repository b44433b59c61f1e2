/**
 * What a thread shows after a plain form post: its notice (only codes of its own, so a crafted
 * one finds nothing), and for a refused message the field to fix and the text that was typed.
 * The page the thread sits on may have read the form outcome already: every reader in a request
 * gets the same one (src/server/http/form-outcome.ts).
 */
import type { AstroCookies } from 'astro';
import { feedbackFor, takeFormOutcome } from '#server/http/form-outcome.ts';
import { MESSAGE_NOTICES } from './copy.ts';

/** The thread's notice and its form's feedback for this request, if the last form post was to `action`. */
export async function threadFeedback(cookies: AstroCookies, secure: boolean, action: string) {
  const outcome = await takeFormOutcome(cookies, secure);
  return {
    notice: MESSAGE_NOTICES.get(outcome?.notice ?? '') ?? null,
    form: feedbackFor(outcome, action),
  };
}

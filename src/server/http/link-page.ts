import type { AstroGlobal } from 'astro';
import { takeFormOutcome } from './form-outcome.ts';

/** What every page opened from an e-mailed link can show besides its own button. */
export type LinkPageOutcome = { kind: 'done' } | { kind: 'problem'; message: string };

/** The notice a link page's POST leaves when it worked (src/server/http/form-outcome.ts). */
export const LINK_DONE = 'done';

/**
 * The state of a page opened from an e-mailed link (`?token=…`): the page's own state for a good
 * link (a button that POSTs: opening the link, as mail scanners do with GET and HEAD, changes
 * nothing), 'done' after that POST, or the message for a problem, whether the POST came back with
 * one (its reason the form outcome's notice) or `open` found the link wrong. The token is the
 * link's, not an outcome: it stays in the URL. `problems` maps each reason to its message and
 * must have 'invalid', the fallback. The token must not travel on to other sites in a Referer.
 */
export async function linkPageState<State extends { kind: string }>(
  Astro: Pick<AstroGlobal, 'url' | 'response' | 'cookies'>,
  problems: Readonly<Record<string, string> & { invalid: string }>,
  open: (token: string) => Promise<State | { problem: string }>,
): Promise<State | LinkPageOutcome> {
  Astro.response.headers.set('Referrer-Policy', 'no-referrer');
  const notice = (await takeFormOutcome(Astro.cookies, Astro.url.protocol === 'https:'))?.notice;
  if (notice === LINK_DONE) return { kind: 'done' };
  const problem = (reason: string): LinkPageOutcome => ({
    kind: 'problem',
    message: Object.hasOwn(problems, reason) ? (problems[reason] as string) : problems.invalid,
  });
  if (notice && Object.hasOwn(problems, notice)) return problem(notice);
  const token = Astro.url.searchParams.get('token');
  if (!token) return problem('invalid');
  const state = await open(token);
  return 'problem' in state ? problem(state.problem) : state;
}

/**
 * Where a link page's POST lands: the page itself, back on its link (`token` from the posted
 * body) after a problem, without it once done; the outcome rides in the form-outcome cookie.
 */
export const linkPagePath = (path: string, raw: Record<string, unknown>) => {
  const token = typeof raw.token === 'string' ? raw.token : '';
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
};

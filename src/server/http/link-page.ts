import type { AstroGlobal } from 'astro';

/** What every page opened from an e-mailed link can show besides its own button. */
export type LinkPageOutcome = { kind: 'done' } | { kind: 'problem'; message: string };

/**
 * The state of a page opened from an e-mailed link (`?token=…`): the page's own state for a good
 * link (a button that POSTs: opening the link, as mail scanners do with GET and HEAD, changes
 * nothing), 'done' after that POST (`?done=1`), or the message for a problem, whether the POST
 * came back with `?error=<reason>` or `open` found the link wrong. `problems` maps each reason to
 * its message and must have 'invalid', the fallback. The token is in the URL, so it must not
 * travel on to other sites in a Referer.
 */
export async function linkPageState<State extends { kind: string }>(
  Astro: Pick<AstroGlobal, 'url' | 'response'>,
  problems: Readonly<Record<string, string> & { invalid: string }>,
  open: (token: string) => Promise<State | { problem: string }>,
): Promise<State | LinkPageOutcome> {
  Astro.response.headers.set('Referrer-Policy', 'no-referrer');
  const params = Astro.url.searchParams;
  if (params.get('done') === '1') return { kind: 'done' };
  const problem = (reason: string): LinkPageOutcome => ({
    kind: 'problem',
    message: Object.hasOwn(problems, reason) ? (problems[reason] as string) : problems.invalid,
  });
  const failed = params.get('error');
  if (failed && Object.hasOwn(problems, failed)) return problem(failed);
  const token = params.get('token');
  if (!token) return problem('invalid');
  const state = await open(token);
  return 'problem' in state ? problem(state.problem) : state;
}

/**
 * Dates of Markdown entries whose front matter leaves `published` out: the day the file was
 * first committed, or the build date for a file not committed yet. Build time only (git).
 */
import { execFileSync } from 'node:child_process';

/** The author date of the commit that added `file`, or null (not committed, no git, shallow history). */
export function firstCommitDate(file: string): Date | null {
  try {
    const out = execFileSync('git', ['log', '--diff-filter=A', '--follow', '--format=%aI', '--', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const first = out.trim().split('\n').pop();
    return first ? new Date(first) : null;
  } catch {
    return null;
  }
}

/** `published` from the front matter, else the first commit's date, else today. */
export function publishedDate(data: { published?: Date | undefined }, filePath: string | undefined): Date {
  return data.published ?? (filePath ? firstCommitDate(filePath) : null) ?? new Date();
}

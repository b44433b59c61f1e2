import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs `body` in a fresh Node process with the guard installed; returns what it printed and its exit code. */
function run(body: string) {
  const script = `
    import { keepServingPastBugs } from './src/server/process-guard.ts';
    keepServingPastBugs({ error: (obj, msg) => console.log(JSON.stringify({ msg, err: obj.err.message })) });
    ${body}
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, lines: result.stdout.trim().split('\n').filter(Boolean) };
}

describe('keepServingPastBugs: no timer or stream callback ends the process', () => {
  it('a timer that throws is logged, and the next timer still runs', () => {
    const { status, lines } = run(`
      setTimeout(() => { throw new TypeError("Cannot read properties of null (reading 'destroyed')"); }, 1);
      setTimeout(() => console.log('still here'), 50);
    `);
    expect(status).toBe(0);
    expect(lines[0]).toContain('uncaughtException: logged, still serving');
    expect(lines[0]).toContain("reading 'destroyed'");
    expect(lines[1]).toBe('still here');
  });

  it('a rejected promise nobody awaited, and a stream callback that throws', () => {
    const { status, lines } = run(`
      import('node:stream').then(({ Readable }) => {
        Readable.from(['a']).on('data', () => { throw new Error('stream callback'); });
      });
      Promise.reject(new Error('housekeeping job'));
      setTimeout(() => console.log('still here'), 100);
    `);
    expect(status).toBe(0);
    expect(lines.join('\n')).toContain('unhandledRejection: logged, still serving');
    expect(lines.join('\n')).toContain('housekeeping job');
    expect(lines.join('\n')).toContain('stream callback');
    expect(lines.at(-1)).toBe('still here');
  });
});

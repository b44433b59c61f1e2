import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildSettings, localSiteUrl } from '#integrations/build-settings.ts';
import { parseServerEnv } from '../env.ts';

// These tests start Node processes. On a loaded 2-core machine one can take well over 20 s just to
// boot, so the deadline here is generous: it is about the machine, not the behaviour under test.
vi.setConfig({ testTimeout: 180_000 });

/** The SITE_URL the build and the server each take from `env`. */
const both = (env: Record<string, string>) => ({
  build: buildSettings(env).siteUrl,
  server: parseServerEnv(env).SITE_URL,
});

describe('without SITE_URL, links follow HOST and PORT, in the build and the server alike', () => {
  it('takes the origin from HOST and PORT', () => {
    expect(both({})).toEqual({ build: 'http://localhost:4321', server: 'http://localhost:4321' });
    expect(both({ PORT: '8080' })).toEqual({ build: 'http://localhost:8080', server: 'http://localhost:8080' });
    expect(both({ HOST: '127.0.0.1', PORT: '4511' })).toEqual({
      build: 'http://127.0.0.1:4511',
      server: 'http://127.0.0.1:4511',
    });
    expect(both({ HOST: 'studio.lan', PORT: '80' })).toEqual({
      build: 'http://studio.lan',
      server: 'http://studio.lan',
    });
  });

  it('names localhost for "every interface", brackets an IPv6 address, and lets SITE_URL win', () => {
    expect(localSiteUrl('0.0.0.0', '3000')).toBe('http://localhost:3000');
    expect(localSiteUrl('::', undefined)).toBe('http://localhost:4321');
    expect(localSiteUrl('::1', '3000')).toBe('http://[::1]:3000');
    const set = { SITE_URL: 'https://www.example.com', HOST: '0.0.0.0', PORT: '8080' };
    expect(both(set)).toEqual({ build: 'https://www.example.com', server: 'https://www.example.com' });
    expect(parseServerEnv(set).SITE_URL_SET).toBe(true);
    expect(parseServerEnv({ PORT: '8080' }).SITE_URL_SET).toBe(false);
    expect(() => buildSettings({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A build as the server reads it: build-info.json for `buildEnv`, a handler that answers 404, no pages. */
function fakeBuild(buildEnv: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'palmetto-site-url-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'client'), { recursive: true });
  mkdirSync(join(dist, 'server'), { recursive: true });
  writeFileSync(join(dist, 'build-info.json'), JSON.stringify({ siteUrl: buildSettings(buildEnv).siteUrl }));
  writeFileSync(join(dist, 'server', 'entry.mjs'), 'export const handler = (req, res, next) => next();\n');
  return { dir, dist };
}

/** Starts the real server entry; resolves with its output once `until` appears in it, or it exits. */
function startServer(env: Record<string, string>, until: RegExp) {
  return new Promise<{ output: string; status: number | null }>((resolve) => {
    const child = spawn(process.execPath, ['src/main.ts'], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve({ output, status });
    });
  });
}

describe('the start line', () => {
  it('names the origin links use, and a build made with the same HOST and PORT is served', async () => {
    const port = String(await freePort());
    const listen = { HOST: '127.0.0.1', PORT: port };
    const { dir, dist } = fakeBuild(listen);
    const run = await startServer(
      { ...listen, DIST_DIR: dist, DATABASE_URL: `file:${join(dir, 'app.db')}` },
      /links in e-mails point to/,
    );
    expect(run.output).toContain(
      `links in e-mails point to http://127.0.0.1:${port} (SITE_URL unset: from HOST and PORT)`,
    );
  }, 40_000);

  it('refuses a build made for another HOST and PORT, saying why', async () => {
    const { dir, dist } = fakeBuild({});
    const run = await startServer(
      { HOST: '127.0.0.1', PORT: '0', DIST_DIR: dist, DATABASE_URL: `file:${join(dir, 'app.db')}` },
      /$^/,
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain('This build was made for SITE_URL=http://localhost:4321');
    expect(run.output).toContain('SITE_URL is unset, so it follows HOST and PORT');
  }, 40_000);
});

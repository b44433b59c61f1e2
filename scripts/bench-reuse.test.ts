import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_SETTINGS_FILE, effectiveSettings, reusableBuild } from './bench-reuse.ts';
import { freePort } from './serve-build.mjs';

const BENCH = { PRICING_MODEL: 'custom', PUBLIC_META_PIXEL_ID: '' };

/** A build folder as scripts/e2e.mjs leaves it, made just now for 127.0.0.1:`port` with `settings`. */
function e2eBuild(port: number, settings: Record<string, string> | null) {
  const dir = mkdtempSync(join(tmpdir(), 'dist-e2e-'));
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'server', 'entry.mjs'), '');
  if (settings) writeFileSync(join(dir, BUILD_SETTINGS_FILE), JSON.stringify(effectiveSettings(settings)));
  writeFileSync(join(dir, 'build-info.json'), JSON.stringify({ siteUrl: `http://127.0.0.1:${port}` }));
  return dir;
}

beforeEach(() => vi.spyOn(console, 'log').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('the page-weight bench measures the e2e build instead of building again', () => {
  it('when it was made with the bench settings, from these sources, and its port is free', async () => {
    const port = await freePort();
    const dir = e2eBuild(port, { PRICING_MODEL: 'custom' });
    expect(await reusableBuild(dir, BENCH)).toEqual({ dir, port });
  });

  it('not when it was made with other settings, or not by the e2e script', async () => {
    const port = await freePort();
    expect(await reusableBuild(e2eBuild(port, { PRICING_MODEL: 'flat' }), BENCH)).toBeNull();
    expect(await reusableBuild(e2eBuild(port, { PUBLIC_META_PIXEL_ID: '123456789012345' }), BENCH)).toBeNull();
    expect(await reusableBuild(e2eBuild(port, null), BENCH)).toBeNull();
  });

  it('not when something listens on its port', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      expect(await reusableBuild(e2eBuild(port, BENCH), BENCH)).toBeNull();
    } finally {
      server.close();
    }
  });
});

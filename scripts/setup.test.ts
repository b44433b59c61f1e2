import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('installing on an old Node', () => {
  it('npm stops at once: engine-strict, and the engines field names the version with type stripping', () => {
    expect(readFileSync('.npmrc', 'utf8')).toMatch(/^engine-strict=true$/m);
    const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe('>=22.18');
  });
});

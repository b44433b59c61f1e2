import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sealBuffer, sealedLength, sealStream, unsealBuffer, UnsealError, unsealToFile } from './sealed-stream.ts';

const key = randomBytes(32);
const plain = randomBytes(70_000);

/** `data` in pieces of `size` bytes, as a network stream may deliver it. */
async function* inPieces(data: Buffer, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

async function collect(source: AsyncIterable<Buffer>) {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

describe('sealed objects (AES-256-GCM, streamed)', () => {
  it('round-trips, however the sealed bytes are cut into chunks, at the length announced up front', async () => {
    const sealed = await collect(sealStream(key, 'backups/a/app.db', inPieces(plain, 4096)));
    expect(sealed.length).toBe(sealedLength(plain.length));
    expect(sealed.includes(plain.subarray(0, 64))).toBe(false);
    const dir = mkdtempSync(join(tmpdir(), 'palmetto-sealed-'));
    try {
      for (const size of [1, 7, 16, 17, 33, 65_536]) {
        const target = join(dir, `out-${size}`);
        const written = await unsealToFile(key, 'backups/a/app.db', inPieces(sealed, size), target);
        expect(written).toBe(plain.length);
        expect(readFileSync(target).equals(plain)).toBe(true);
      }
      // A failure leaves no file behind.
      const broken = join(dir, 'broken');
      await expect(unsealToFile(key, 'backups/b/app.db', inPieces(sealed, 1000), broken)).rejects.toThrow(UnsealError);
      expect(existsSync(broken)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses another key, another name, a changed byte and a cut-short object', async () => {
    const sealed = await sealBuffer(key, 'uploads/photo.jpg', plain);
    await expect(unsealBuffer(randomBytes(32), 'uploads/photo.jpg', sealed)).rejects.toBeInstanceOf(UnsealError);
    await expect(unsealBuffer(key, 'uploads/other.jpg', sealed)).rejects.toThrow(/authentication tag/);
    const changed = Buffer.from(sealed);
    changed[100] = changed[100]! ^ 1;
    await expect(unsealBuffer(key, 'uploads/photo.jpg', changed)).rejects.toThrow(/authentication tag/);
    await expect(unsealBuffer(key, 'uploads/photo.jpg', sealed.subarray(0, 20))).rejects.toThrow(/cut short/);
    await expect(unsealBuffer(key, 'uploads/photo.jpg', Buffer.from('plain text, not sealed at all'))).rejects.toThrow(
      /not a sealed backup object/,
    );
  });
});

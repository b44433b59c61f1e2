/**
 * Encryption of what leaves the machine (backups sent to object storage): AES-256-GCM, streamed,
 * so a large database never sits in memory whole. One object is
 *
 *   "PWSB1\n" (6 bytes) | IV (12 random bytes) | ciphertext (as long as the plaintext) | tag (16 bytes)
 *
 * and its name inside the backup (`app-<time>/app.db`) is bound in as additional data, so an
 * object moved or swapped under another name fails to open as surely as a changed byte.
 * The storage provider sees sizes and names, never contents.
 */
import { createCipheriv, createDecipheriv, type DecipherGCM, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const MAGIC = Buffer.from('PWSB1\n');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + IV_BYTES;

/** The sealed size of `plainBytes` bytes (GCM adds no padding). */
export const sealedLength = (plainBytes: number) => HEADER_BYTES + plainBytes + TAG_BYTES;

/** Seals `source` chunk by chunk. */
export async function* sealStream(
  key: Buffer,
  name: string,
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array>,
): AsyncGenerator<Buffer> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(name, 'utf8'));
  yield Buffer.concat([MAGIC, iv]);
  for await (const chunk of source) {
    const out = cipher.update(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    if (out.length > 0) yield out;
  }
  const last = cipher.final();
  yield Buffer.concat([last, cipher.getAuthTag()]);
}

export const sealBuffer = async (key: Buffer, name: string, plain: Buffer) => {
  const parts: Buffer[] = [];
  for await (const part of sealStream(key, name, [plain])) parts.push(part);
  return Buffer.concat(parts);
};

/** Why a sealed object would not open (the message names the likely causes). */
export class UnsealError extends Error {
  constructor(name: string, why: string) {
    super(`${name} cannot be decrypted (${why}): a different BACKUP_KEY, or the object was changed`);
    this.name = 'UnsealError';
  }
}

/**
 * Opens a sealed stream into `target`. The plaintext is written as it arrives, but the file
 * counts only once the tag has checked out: on any failure it is deleted.
 */
export async function unsealToFile(
  key: Buffer,
  name: string,
  source: AsyncIterable<Uint8Array>,
  target: string,
): Promise<number> {
  let written = 0;
  const counted = async function* () {
    for await (const part of unsealStream(key, name, source)) {
      written += part.length;
      yield part;
    }
  };
  try {
    await pipeline(Readable.from(counted()), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    return written;
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}

export async function unsealBuffer(key: Buffer, name: string, sealed: Buffer): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of unsealStream(key, name, [sealed])) parts.push(part);
  return Buffer.concat(parts);
}

/** Yields unauthenticated plaintext and throws at the end unless the tag checks out. */
async function* unsealStream(
  key: Buffer,
  name: string,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let decipher: DecipherGCM | undefined;
  // The tag is the last 16 bytes: always hold back that many.
  let held = Buffer.alloc(0);
  for await (const chunk of source) {
    let data = Buffer.from(chunk);
    if (!decipher) {
      head = Buffer.concat([head, data]);
      if (head.length < HEADER_BYTES) continue;
      if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new UnsealError(name, 'not a sealed backup object');
      decipher = createDecipheriv('aes-256-gcm', key, head.subarray(MAGIC.length, HEADER_BYTES));
      decipher.setAAD(Buffer.from(name, 'utf8'));
      data = head.subarray(HEADER_BYTES);
    }
    held = Buffer.concat([held, data]);
    if (held.length > TAG_BYTES) {
      const out = decipher.update(held.subarray(0, held.length - TAG_BYTES));
      held = held.subarray(held.length - TAG_BYTES);
      if (out.length > 0) yield out;
    }
  }
  if (!decipher || held.length < TAG_BYTES) throw new UnsealError(name, 'it is cut short');
  decipher.setAuthTag(held);
  try {
    const last = decipher.final();
    if (last.length > 0) yield last;
  } catch {
    throw new UnsealError(name, 'its authentication tag does not match');
  }
}

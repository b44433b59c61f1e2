/**
 * Reads an upload request: one file and a few text fields, streamed with busboy. The file goes
 * to a temporary file as it arrives (memory stays small whatever the client sends), and
 * reading stops at the first byte past the 10 MB cap, a second file or a malformed body: the
 * caller answers at once. It never sees more than that, and removes the temporary file.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { randomId } from '#server/security/tokens.ts';
import { MAX_FILE_BYTES, UPLOAD_REQUEST_BYTES } from './limits.ts';

export type ReceiveFailure = 'too-large' | 'one-file' | 'no-file' | 'malformed';

export interface ReceivedFile {
  /** The name the browser sent (already without any folder part); '' when none. */
  name: string;
  /** The temporary copy: the caller deletes it (`discard`). */
  path: string;
  size: number;
}

export type Received =
  | { ok: true; fields: Record<string, string>; file: ReceivedFile }
  /**
   * `fields`: the text fields read before the refusal; all of them for 'no-file' (the body was
   * read to its end). A plain form post still has its step answers and its `intent` in there.
   */
  | { ok: false; reason: ReceiveFailure; fields: Record<string, string> };

interface Incoming extends ReceivedFile {
  written: Promise<void>;
  /** Stops copying (the temporary file is then removed by the caller). */
  stop: () => void;
}

/** Form fields at most: the upload form's own plus the intake step's answers (no-JS post). */
const MAX_FIELDS = 40;
const MAX_FIELD_BYTES = 16 * 1024;

export async function receiveUpload(request: Request, tempDir: string): Promise<Received> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body) return { ok: false, reason: 'no-file', fields: {} };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as raw UTF-8: read them so ('latin1' would garble 'Café.jpg').
      defParamCharset: 'utf8',
      // One byte over the cap is how busboy says "larger than the cap".
      limits: {
        fileSize: MAX_FILE_BYTES + 1,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + 2,
      },
    });
  } catch {
    return { ok: false, reason: 'malformed', fields: {} }; // no or a bad boundary
  }

  await mkdir(tempDir, { recursive: true, mode: 0o700 });
  const fields: Record<string, string> = {};
  let failure: ReceiveFailure | null = null;
  let file: Incoming | null = null;
  let wake = () => {};
  const failed = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const fail = (reason: ReceiveFailure) => {
    failure ??= reason;
    wake();
  };

  parser.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
    if (info.nameTruncated || info.valueTruncated) fail('malformed');
    else if (!(name in fields)) fields[name] = value;
  });
  parser.on('file', (name: string, stream: Readable, info: busboy.FileInfo) => {
    if (name !== 'file' || file) {
      fail('one-file');
      stream.resume();
      return;
    }
    const path = join(tempDir, randomId());
    // 'wx': a fresh random name; never follows or overwrites an existing file.
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    const received: Incoming = {
      name: formFileName(info.filename ?? ''),
      path,
      size: 0,
      // Settles when the copy is complete ('finish'), or when it failed or was stopped (a close
      // before 'finish'). Not stream.pipeline: a source cut short after busboy ended it may
      // never settle a pipeline.
      written: new Promise<void>((resolve, reject) => {
        out.once('finish', () => resolve());
        out.once('error', reject);
        out.once('close', () => reject(new Error('The upload was stopped')));
        stream.once('error', reject);
      }),
      stop: () => {
        stream.unpipe(out);
        stream.resume(); // busboy must not wait for a reader that left
        out.destroy();
      },
    };
    // Handled below; until then a stopped copy's rejection must not count as unhandled.
    received.written.catch(() => {});
    stream.on('data', (chunk: Buffer) => {
      received.size += chunk.byteLength;
    });
    stream.on('limit', () => {
      fail('too-large');
      received.stop();
    });
    stream.pipe(out);
    file = received;
  });
  parser.on('filesLimit', () => fail('one-file'));
  parser.on('fieldsLimit', () => fail('malformed'));
  parser.on('partsLimit', () => fail('malformed'));

  const closed = new Promise<void>((resolve) => {
    parser.on('close', resolve);
    parser.on('error', () => {
      fail('malformed');
      resolve();
    });
  });
  // Resolves when busboy can take more, or when it is done or refused: never hangs on a file
  // whose copy stopped at the cap (busboy would wait for it forever).
  const drained = () => Promise.race([new Promise<void>((resolve) => parser.once('drain', resolve)), closed, failed]);

  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      if (failure) break;
      const { done, value } = await reader.read();
      if (done) {
        parser.end();
        await closed;
        break;
      }
      total += value.byteLength;
      // The host caps the body too; this bounds callers without it (tests, astro dev).
      if (total > UPLOAD_REQUEST_BYTES) {
        fail('too-large');
        break;
      }
      if (!parser.write(value)) await drained();
    }
  } catch {
    fail('malformed'); // the client went away, or the body was cut
  } finally {
    reader.releaseLock();
  }

  const got = file as Incoming | null;
  if (failure) {
    parser.destroy();
    if (got) {
      got.stop();
      await got.written.catch(() => {});
      await discard(got.path);
    }
    return { ok: false, reason: failure, fields };
  }
  if (!got) return { ok: false, reason: 'no-file', fields };
  try {
    await got.written;
  } catch {
    await discard(got.path);
    return { ok: false, reason: 'malformed', fields };
  }
  if (got.size === 0) {
    await discard(got.path);
    return { ok: false, reason: 'no-file', fields };
  }
  return { ok: true, fields, file: { name: got.name, path: got.path, size: got.size } };
}

/**
 * Browsers escape three characters of a file name in a multipart body (HTML's form encoding:
 * `"` as %22, CR as %0D, LF as %0A) and busboy leaves them so: 'My "logo".png' arrives as
 * 'My %22logo%22.png'. Undone here; the stored name is cleaned further before it is kept.
 */
export const formFileName = (name: string) =>
  name.replace(/%(22|0D|0A)/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Removes a file if it exists. */
export async function discard(path: string): Promise<void> {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') console.error(`Could not remove ${path}`, error);
  });
}

/** Enough for every text field a form with a file has (a message is at most 16 KiB as sent). */
const LEADING_BYTES = 128 * 1024;

/**
 * The text fields that come before the file in an upload form's body, without reading the file:
 * for a request refused before its body was read (declared larger than the cap, or rate-limited),
 * so the form comes back with what was typed. Browsers send fields in the form's order, and our
 * forms put the file last. Reads at most LEADING_BYTES and leaves the rest of the body unread
 * (the caller drains it); any trouble answers what was read so far.
 */
export async function readLeadingFields(request: Request): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  if (!request.body || request.bodyUsed) return fields;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      defParamCharset: 'utf8',
      limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
    });
  } catch {
    return fields;
  }
  let stop = false;
  parser.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
    if (!info.valueTruncated && !info.nameTruncated && !(name in fields)) fields[name] = value;
  });
  parser.on('file', (_name: string, stream: Readable) => {
    stop = true; // the file starts: every field before it has arrived
    stream.resume();
  });
  parser.on('error', () => {
    stop = true;
  });
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    return fields; // already being read
  }
  let total = 0;
  try {
    while (!stop && total < LEADING_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      parser.write(value);
    }
  } catch {
    // The client went away: keep what arrived.
  } finally {
    reader.releaseLock();
    parser.removeAllListeners('field');
    parser.on('error', () => {});
    parser.destroy();
  }
  return fields;
}

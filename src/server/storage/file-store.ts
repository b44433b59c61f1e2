/**
 * Where stored files (intake uploads, message attachments) live: a folder on this machine
 * (UPLOADS_DIR), or object storage (UPLOADS_URL=s3://…) so that several app servers over one
 * database see the same files. Either way they are served only through the app, after its
 * authorization: the bucket needs no public access. Names are the caller's (random, never reused).
 */
import { mkdir, open, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { type BucketPlace, deleteObjects, getObject, putObject } from './s3.ts';

export interface OpenedFile {
  body: Readable;
  size: number;
}

export interface FileStore {
  /** `file:///…` or `s3://bucket/prefix/`: for logs and messages. */
  readonly where: string;
  /** Stores a new file; never replaces one. */
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** Opens a file for streaming; null when it is not there. */
  open(name: string): Promise<OpenedFile | null>;
  /** Deletes files (missing ones are fine: the goal is that they are gone). */
  remove(names: string[]): Promise<void>;
}

/** A folder on this machine, readable by the server's user and group only. */
export function folderStore(dir: string): FileStore {
  return {
    where: `file://${dir}/`,
    async put(name, body) {
      await mkdir(dir, { recursive: true, mode: 0o750 });
      // 'wx': never overwrite; 0o640: not world-readable.
      await writeFile(join(dir, name), body, { flag: 'wx', mode: 0o640 });
    },
    async open(name) {
      try {
        const handle = await open(join(dir, name), 'r');
        const { size } = await handle.stat();
        // The handle closes when the stream ends or the client goes away.
        return { body: handle.createReadStream(), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(names) {
      await Promise.all(
        names.map((name) =>
          unlink(join(dir, name)).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') console.error(`Could not remove ${join(dir, name)}`, error);
          }),
        ),
      );
    },
  };
}

/** A bucket (and prefix) in S3-compatible object storage. */
export function bucketStore(place: BucketPlace): FileStore {
  return {
    where: place.url,
    put: (name, body, contentType) => putObject(place, name, body, body.length, contentType),
    async open(name) {
      const found = await getObject(place, name);
      return found && { body: found.body, size: found.size };
    },
    async remove(names) {
      await deleteObjects(place, names).catch((error: unknown) => {
        console.error(`Could not remove ${names.join(', ')} from ${place.url}`, error);
      });
    },
  };
}

/**
 * Object storage (AWS S3 and the services that speak its API: Cloudflare R2, Backblaze B2,
 * MinIO) for off-machine backups (BACKUP_URL) and shared uploads (UPLOADS_URL). One client per
 * process and setting; the few calls we need, with paging and batching done here.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ServerEnv } from '../env.ts';

export type S3Settings = Pick<ServerEnv, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

/** A bucket and a key prefix inside it (empty, or ending in `/`). */
export interface BucketPlace {
  client: S3Client;
  bucket: string;
  prefix: string;
  /** `s3://bucket/prefix/`, for messages. */
  url: string;
}

/** `s3://bucket/a/b` → bucket `bucket`, prefix `a/b/`. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (!match) throw new Error(`not an s3:// URL: ${url}`);
  const path = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1]!, prefix: path ? `${path}/` : '' };
}

export function s3Client(env: S3Settings): S3Client {
  return new S3Client({
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT, forcePathStyle: true } : {}),
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
    // The SDK's default trailing checksums (aws-chunked bodies) are refused by several
    // S3-compatible services; checksums are sent where the API requires them only.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function bucketPlace(url: string, env: S3Settings, client = s3Client(env)): BucketPlace {
  const { bucket, prefix } = parseS3Url(url);
  return { client, bucket, prefix, url: `s3://${bucket}/${prefix}` };
}

/** Writes one object; `body` of exactly `length` bytes (S3 needs the length of a streamed body up front). */
export async function putObject(
  place: BucketPlace,
  key: string,
  body: Buffer | Readable,
  length: number,
  contentType = 'application/octet-stream',
) {
  await place.client.send(
    new PutObjectCommand({
      Bucket: place.bucket,
      Key: place.prefix + key,
      Body: body,
      ContentLength: length,
      ContentType: contentType,
    }),
  );
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Reads one object as a stream with its length; null when there is none. */
export async function getObject(place: BucketPlace, key: string): Promise<{ body: Readable; size: number } | null> {
  try {
    const answer = await place.client.send(new GetObjectCommand({ Bucket: place.bucket, Key: place.prefix + key }));
    if (!answer.Body) return null;
    return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export interface ListedObject {
  /** The key without the place's prefix. */
  key: string;
  size: number;
  lastModified: Date;
}

/** Every object under `under` (relative to the place's prefix), page by page. */
export async function listObjects(place: BucketPlace, under = ''): Promise<ListedObject[]> {
  const found: ListedObject[] = [];
  let token: string | undefined;
  do {
    const page = await place.client.send(
      new ListObjectsV2Command({ Bucket: place.bucket, Prefix: place.prefix + under, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue;
      found.push({
        key: object.Key.slice(place.prefix.length),
        size: object.Size ?? 0,
        lastModified: object.LastModified ?? new Date(0),
      });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

/** Deletes objects (missing ones are fine), 1,000 a request as the API allows. */
export async function deleteObjects(place: BucketPlace, keys: string[]) {
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000);
    const answer = await place.client.send(
      new DeleteObjectsCommand({
        Bucket: place.bucket,
        Delete: { Objects: batch.map((key) => ({ Key: place.prefix + key })), Quiet: true },
      }),
    );
    const failed = answer.Errors?.[0];
    if (failed) throw new Error(`could not delete ${failed.Key}: ${failed.Code} ${failed.Message ?? ''}`.trim());
  }
}

/** Reads a whole (small) object; null when there is none. */
export async function readObject(place: BucketPlace, key: string): Promise<Buffer | null> {
  const found = await getObject(place, key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

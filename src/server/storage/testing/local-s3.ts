/**
 * A real S3-compatible server on 127.0.0.1 for tests (@20minutes/s3rver, a dev dependency), with
 * the settings that point our code at it. Its files live in a temp folder removed on stop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface LocalS3 {
  /** S3_ENDPOINT and the access keys, as environment variables. */
  env: { S3_ENDPOINT: string; S3_REGION: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  stop(): Promise<void>;
}

export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'palmetto-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
    // s3rver signs a bucket listing over `/bucket` where the SDK signs `/bucket/`: every listing
    // would fail its signature check. Signatures are the SDK's business, not what we test.
    allowMismatchedSignatures: true,
  });
  const address = (await server.run()) as AddressInfo;
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

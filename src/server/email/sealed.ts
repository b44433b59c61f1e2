/**
 * Mail bodies at rest. The outbox keeps each mail until it is delivered, and activation and
 * reset mails carry working links: their bodies are sealed with AES-256-GCM, so a copy of the
 * database (a backup, a replica) holds no usable token. The key comes from MAIL_KEY (32 bytes,
 * base64 or hex; required when several servers share a remote database), or for the embedded
 * default from a key file created beside the database on first start.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { serverEnv } from '../env.ts';

const PREFIX = 'sealed:v1:';
const KEY_FILE = 'mail.key';

function decodeKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('MAIL_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

/** Where the embedded default keeps its key: beside the local database file. */
export function keyFileFor(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('file:')) return null;
  const path = databaseUrl.slice('file:'.length).split('?')[0] ?? '';
  if (!path || path === ':memory:') return null;
  return join(dirname(resolve(path)), KEY_FILE);
}

/**
 * The key, creating the key file on first use of a local database. Call it once at start
 * (src/main.ts) so every module of the process reads the same file afterwards.
 */
export function mailKey(env = serverEnv()): Buffer {
  const source = env.MAIL_KEY ?? `file:${keyFileFor(env.DATABASE_URL)}`;
  if (cached?.source === source) return cached.key;
  const key = readKey(env);
  cached = { source, key };
  return key;
}

let cached: { source: string; key: Buffer } | undefined;

function readKey(env: ReturnType<typeof serverEnv>): Buffer {
  if (env.MAIL_KEY) return decodeKey(env.MAIL_KEY);
  const file = keyFileFor(env.DATABASE_URL);
  if (!file) throw new Error('MAIL_KEY is required with a remote database (every server needs the same key)');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    // 'wx': two processes starting at once cannot both write a key.
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
  }
  return decodeKey(readFileSync(file, 'utf8'));
}

export function seal(plain: string, key = mailKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
}

/** The plain text of a sealed body (text stored before sealing existed is returned as is). */
export function unseal(stored: string, key = mailKey()): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv = '', tag = '', body = ''] = stored.slice(PREFIX.length).split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

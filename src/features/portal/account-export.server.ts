/**
 * "Download my data": everything the site keeps about the signed-in person, as one JSON
 * document they can read or take elsewhere: each feature's part, as it declares it
 * (personal-data.registry.ts), of the records the account owns (accounts/ownership.server.ts).
 * Secrets (password hash, token and session hashes) and internal bookkeeping (stored file names,
 * idempotency keys, who on the staff moved an order) are left out; uploaded files are listed,
 * not included.
 */
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '#server/db/index.ts';
import { users } from '#server/db/schema.ts';
import type { DataSubject } from '#features/accounts/personal-data.ts';
import { DELETED_NAME, deletedEmail } from '#features/accounts/users.server.ts';
import { PERSONAL_DATA } from './personal-data.registry.ts';

/** Bumped when the shape changes, so a reader of an old file knows what it holds. */
export const EXPORT_FORMAT_VERSION = 2;

type Parts = Awaited<ReturnType<(typeof PERSONAL_DATA)[number]['export']>>;
type Merged<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;
type ExportDocument = { format: { name: string; version: number }; exportedAt: Date } & Merged<Parts>;

/** The account as the declarations need it; null when there is no such user. */
export async function dataSubject(
  database: AppDatabase,
  userId: string,
  currentSessionId: string | null,
): Promise<DataSubject | null> {
  const [user] = await database.db
    .select({ email: users.email, pendingEmail: users.pendingEmail, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  return {
    id: userId,
    email: user.email,
    pendingEmail: user.pendingEmail,
    addressProven: user.emailVerifiedAt !== null,
    tombstoneEmail: deletedEmail(userId),
    tombstoneName: DELETED_NAME,
    currentSessionId,
  };
}

/** The document for `userId` (null when there is no such user); `currentSessionId` marks this device. */
export async function accountExport(
  database: AppDatabase,
  userId: string,
  currentSessionId: string | null,
  now = Date.now(),
): Promise<ExportDocument | null> {
  const subject = await dataSubject(database, userId, currentSessionId);
  if (!subject) return null;
  const parts = await Promise.all(PERSONAL_DATA.map((declaration) => declaration.export(database, subject, now)));
  return Object.assign(
    { format: { name: 'account-export', version: EXPORT_FORMAT_VERSION }, exportedAt: new Date(now) },
    ...parts,
  ) as ExportDocument;
}

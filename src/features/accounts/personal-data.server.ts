/**
 * The account's own personal data (accounts/personal-data.ts): the profile and the signed-in
 * devices, and the traces the address leaves on the platform (queued mail, rate-limit buckets).
 */
import { eq, or, inArray } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import {
  accountTokens,
  addressLinks,
  orders,
  outbox,
  rateLimits,
  recoveryCodes,
  sessions,
  twoFactor,
  users,
} from '#server/db/schema.ts';
import { forgetAddressesStatements } from '#server/email/outbox.ts';
import { forgetAddressLimitsStatement } from '#server/security/rate-limit.ts';
import { deleteUserTokensStatement } from './account-links.server.ts';
import { deviceName } from './device-name.ts';
import { personalData } from './personal-data.ts';
import { invalidateUserSessionsStatement, listUserSessions } from './session.server.ts';
import { deleteTwoFactorStatements } from './two-factor/two-factor.server.ts';
import { updateUserStatement } from './users.server.ts';

/**
 * The login: exported as the profile and its devices; deleted as a login (sessions, links,
 * two-factor), while the row itself stays as an anonymised tombstone (no password, no address,
 * status 'deleted'), because orders and invoices kept for the books still point at it.
 */
export const accountData = personalData({
  name: 'account',
  tables: [users, sessions, accountTokens, addressLinks, twoFactor, recoveryCodes],
  async export(database, subject, now) {
    const [profile] = await database.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        pendingEmail: users.pendingEmail,
        role: users.role,
        status: users.status,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, subject.id));
    const devices = await listUserSessions(database, subject.id, now);
    return {
      profile,
      sessions: devices.map((s) => ({
        device: deviceName(s.userAgent),
        signedInAt: s.createdAt,
        lastActiveAt: s.lastActiveAt,
        address: s.ip,
        thisDevice: s.id === subject.currentSessionId,
      })),
    };
  },
  async erase(_tx, subject, now) {
    const addresses = addressesOf(subject);
    return {
      statements: [
        invalidateUserSessionsStatement(subject.id),
        deleteUserTokensStatement(subject.id),
        ...deleteTwoFactorStatements(subject.id),
        build
          .delete(addressLinks)
          .where(or(eq(addressLinks.userId, subject.id), inArray(addressLinks.email, addresses))),
        updateUserStatement(
          subject.id,
          {
            name: subject.tombstoneName,
            email: subject.tombstoneEmail,
            passwordHash: null,
            status: 'deleted',
            pendingEmail: null,
            emailVerifiedAt: null,
          },
          now,
        ),
      ],
    };
  },
});

const addressesOf = (subject: { email: string; pendingEmail: string | null }) => [
  subject.email,
  ...(subject.pendingEmail ? [subject.pendingEmail] : []),
];

/**
 * Where the platform keeps an address for its own working, never exported: queued mail (mail to
 * the address is cancelled, agency mail keeps going without it as Reply-To) and rate-limit
 * buckets keyed by an address or by the account (`rule:key` and `rule:key|client`). Every
 * address the account used is forgotten: its current and pending ones and those it ordered with.
 */
export const addressTraces = personalData({
  name: 'addressTraces',
  tables: [outbox, rateLimits],
  async export() {
    return {};
  },
  async erase(tx, subject) {
    const ordered = await tx.selectDistinct({ email: orders.email }).from(orders).where(eq(orders.userId, subject.id));
    const addresses = [
      ...new Set([...addressesOf(subject), ...ordered.map((o) => o.email)].map((a) => a.toLowerCase())),
    ];
    return {
      statements: [
        ...forgetAddressesStatements(addresses),
        ...[...addresses, subject.id].map((key) => forgetAddressLimitsStatement(key)),
      ],
    };
  },
});

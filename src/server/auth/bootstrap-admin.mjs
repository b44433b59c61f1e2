// @ts-check
/**
 * The first admin: ADMIN_EMAIL and ADMIN_PASSWORD at server start create that admin if it
 * is missing, so a fresh install can sign in to /admin. An existing account is promoted
 * only if nobody has set its password yet, or its password is ADMIN_PASSWORD.
 * Plain JS: the server entry and scripts use it directly.
 */
import { hashPassword, verifyPassword } from './password.mjs';

/**
 * @param {import('@libsql/client').Client} client
 * @param {{ email: string, password?: string, name?: string, now?: number, log?: (msg: string) => void }} admin
 * @returns {Promise<{ id: string, created: boolean, promoted: boolean }>}
 */
export async function ensureAdmin(
  client,
  { email, password, name = 'Administrator', now = Date.now(), log = () => {} },
) {
  const normalized = email.trim().toLowerCase();
  const existing = await client.execute({
    sql: 'SELECT id, role, password_hash FROM users WHERE email = ?',
    args: [normalized],
  });
  const row = existing.rows[0];
  if (!row) {
    const id = crypto.randomUUID();
    await client.execute({
      sql: `INSERT INTO users (id, name, email, password_hash, role, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'admin', ?, ?, ?)`,
      args: [
        id,
        name,
        normalized,
        password ? await hashPassword(password) : null,
        password ? 'active' : 'pending',
        now,
        now,
      ],
    });
    return { id, created: true, promoted: true };
  }
  const id = String(row.id);
  if (row.role === 'admin') return { id, created: false, promoted: false };
  if (row.password_hash === null) {
    // Nobody has claimed this account yet: it becomes the admin (with ADMIN_PASSWORD, if given).
    await client.execute({
      sql: `UPDATE users SET role = 'admin', status = ?, password_hash = ?, updated_at = ? WHERE id = ?`,
      args: [password ? 'active' : 'pending', password ? await hashPassword(password) : null, now, id],
    });
    return { id, created: false, promoted: true };
  }
  // Someone registered this e-mail with a password of their own. Promoting it would hand the
  // admin area to whoever registered first: only the holder of ADMIN_PASSWORD is promoted.
  if (password && (await verifyPassword(String(row.password_hash), password))) {
    await client.execute({ sql: `UPDATE users SET role = 'admin', updated_at = ? WHERE id = ?`, args: [now, id] });
    return { id, created: false, promoted: true };
  }
  log(
    `ADMIN_EMAIL ${normalized} belongs to an existing customer account whose password is not ADMIN_PASSWORD: not promoted.`,
  );
  return { id, created: false, promoted: false };
}

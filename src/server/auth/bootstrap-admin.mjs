// @ts-check
/**
 * The first admin: ADMIN_EMAIL and ADMIN_PASSWORD at server start create that admin, or
 * promote the existing account (setting the password only if it has none), so a fresh
 * install can sign in to /admin. Plain JS: the server entry and scripts use it directly.
 */
import { hashPassword } from './password.mjs';

/**
 * @param {import('@libsql/client').Client} client
 * @param {{ email: string, password?: string, name?: string, now?: number }} admin
 * @returns {Promise<{ id: string, created: boolean }>}
 */
export async function ensureAdmin(client, { email, password, name = 'Administrator', now = Date.now() }) {
  const normalized = email.trim().toLowerCase();
  const existing = await client.execute({
    sql: 'SELECT id, password_hash FROM users WHERE email = ?',
    args: [normalized],
  });
  const row = existing.rows[0];
  if (row) {
    const id = String(row.id);
    if (row.password_hash === null && password) {
      await client.execute({
        sql: `UPDATE users SET role = 'admin', status = 'active', password_hash = ?, updated_at = ? WHERE id = ?`,
        args: [await hashPassword(password), now, id],
      });
    } else {
      await client.execute({ sql: `UPDATE users SET role = 'admin', updated_at = ? WHERE id = ?`, args: [now, id] });
    }
    return { id, created: false };
  }
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
  return { id, created: true };
}

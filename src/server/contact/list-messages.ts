import type { AppDatabase } from '../db';

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  createdAt: Date;
}

/** The newest contact messages first. */
export async function latestContactMessages(database: AppDatabase, limit = 50): Promise<ContactMessage[]> {
  const { rows } = await database.client.execute({
    sql: 'SELECT id, name, email, subject, message, created_at FROM contact_messages ORDER BY created_at DESC, rowid DESC LIMIT ?',
    args: [limit],
  });
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    email: String(r.email),
    subject: r.subject === null ? null : String(r.subject),
    message: String(r.message),
    createdAt: new Date(Number(r.created_at)),
  }));
}

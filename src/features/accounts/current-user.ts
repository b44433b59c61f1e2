import { getOrNullOn401 } from '../../lib/api.ts';
import { createQuery } from '../../lib/query.ts';

/** The signed-in user as islands see it (GET /api/user). */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: 'customer' | 'admin';
}

/**
 * Who is signed in: loaded once from /api/user on first use and cached for the page's
 * life; set directly after sign-in or registration, and to null after sign-out.
 */
export const currentUser = createQuery<AuthUser | null>(() => getOrNullOn401<AuthUser>('/api/user'));

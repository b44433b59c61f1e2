import type { USER_ROLES } from '../db/schema.ts';

export type Role = (typeof USER_ROLES)[number];

/**
 * What pages and endpoints may know about the signed-in person (never the password hash).
 * The platform's own type: the accounts feature fills it, mutations and guards read it.
 */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

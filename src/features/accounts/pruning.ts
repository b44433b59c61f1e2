import type { PruneTask } from '#server/db/housekeeping.ts';
import { oldLinksStatement } from './account-links.server.ts';
import { oldAddressLinksStatement } from './address-proof.server.ts';
import { idleSessionsStatement } from './session.server.ts';

/** What the accounts feature lets housekeeping delete: idle sessions and old links. */
export const accountPruning: PruneTask[] = [
  { name: 'sessions', statement: idleSessionsStatement },
  { name: 'tokens', statement: oldLinksStatement },
  { name: 'addressLinks', statement: oldAddressLinksStatement },
];

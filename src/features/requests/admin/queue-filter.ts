/** /admin/requests?status=…&after=…: the queue's filter and position from the URL (anything else: none). */
import { CARE_REQUEST_STATUSES, type CareRequestStatus } from '#server/db/schema.ts';
import type { QueueCursor } from '../requests.server.ts';

const CURSOR = /^(\d{1,15})\.([a-z2-9]{16,40})$/;

export function queueFilter(params: URLSearchParams): { status: CareRequestStatus | null; after: QueueCursor | null } {
  const status = params.get('status') ?? '';
  const cursor = CURSOR.exec(params.get('after') ?? '');
  return {
    status: (CARE_REQUEST_STATUSES as readonly string[]).includes(status) ? (status as CareRequestStatus) : null,
    after: cursor ? { at: Number(cursor[1]), id: cursor[2] ?? '' } : null,
  };
}

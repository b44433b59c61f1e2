/** Where a contact message is read and answered in /admin, and what names one. */
import * as z from 'zod/mini';

/** Contact messages get crypto.randomUUID() ids: anything else names no message (404). */
export const contactMessageId = z.uuid();

export const contactMessagePath = (id: string) => `/admin/messages/${id}`;
export const contactReplyAction = (id: string) => `/api/admin/messages/${id}/replies`;

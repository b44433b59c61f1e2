import type { APIRoute } from 'astro';
import { jsonOk, methodNotAllowed } from '../../../server/api/responses';
import { latestContactMessages } from '../../../server/contact/list-messages';
import { getDatabase } from '../../../server/db';

export const prerender = false;

/** GET /api/admin/messages: the latest contact messages (admins only: src/middleware.ts). */
export const GET: APIRoute = async () => jsonOk(await latestContactMessages(await getDatabase()));

export const ALL = methodNotAllowed('GET');

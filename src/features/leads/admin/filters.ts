import * as z from 'zod/mini';
import { LEAD_STAGES } from '#server/db/schema.ts';
import { parseFilters } from '#features/admin/lists/filters.ts';

/** /admin/leads?stage=&q= (an e-mail prefix): invalid or empty ones are left out, as on every list. */
const LEAD_FILTERS = {
  q: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  stage: z.enum(LEAD_STAGES),
};

export const readLeadFilters = (params: URLSearchParams) => parseFilters(LEAD_FILTERS, params);

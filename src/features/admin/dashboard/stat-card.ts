/** The dashboard's figure cards: one look for every number on it. */
export const STAT_CARD = 'min-w-0 rounded-xl border border-slate-200 p-3 wrap-anywhere sm:p-4';
export const STAT_VALUE = 'mt-1 text-2xl font-bold text-slate-900 tabular-nums';

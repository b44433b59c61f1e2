import { FIELD_BORDER } from './field-errors.ts';

/**
 * What the site's labelled form field looks like, shared by FormField.tsx (inside React islands)
 * and FormField.astro (server-rendered forms, which then cost no React render per field).
 */
export interface FieldLook {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
  readOnly?: boolean | undefined;
}

export function fieldLook({ id, hint, error, readOnly }: FieldLook) {
  return {
    describedBy: [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
    className: [
      'mt-1 block w-full rounded-lg border px-3 py-2.5 text-base text-slate-900 focus:border-brand-600',
      readOnly ? 'bg-slate-100' : 'bg-white',
      error ? FIELD_BORDER.error : readOnly ? 'border-slate-300' : FIELD_BORDER.normal,
    ].join(' '),
    labelClass: 'font-semibold text-slate-900',
    hintClass: 'mt-1 text-sm text-slate-600',
    errorClass: 'mt-1 text-sm font-medium text-red-700',
  };
}

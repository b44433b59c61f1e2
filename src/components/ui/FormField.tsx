import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

/**
 * The site's one labelled form field: label, control, optional hint and an error line that
 * screen readers hear. Islands render it live; server-rendered forms (which work without
 * JavaScript) render the same component as static HTML from .astro pages.
 */
type ControlProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> &
  Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'rows'>;

export interface FormFieldProps extends ControlProps {
  id: string;
  label: string;
  hint?: string | undefined;
  /** Shown under the control and announced; also marks the control invalid. */
  error?: string | undefined;
  /** A multi-line text area instead of an input. */
  multiline?: boolean;
}

export default function FormField({
  id,
  label,
  hint,
  error,
  multiline = false,
  readOnly,
  rows,
  ...control
}: FormFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: [
      'mt-1 block w-full rounded-lg border px-3 py-2.5 text-base text-slate-900 focus:border-brand-600',
      readOnly ? 'bg-slate-100' : 'bg-white',
      error ? 'border-red-700' : readOnly ? 'border-slate-300' : 'border-slate-400',
    ].join(' '),
  };
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)}
          {...shared}
          rows={rows}
          readOnly={readOnly}
        />
      ) : (
        <input {...control} {...shared} readOnly={readOnly} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

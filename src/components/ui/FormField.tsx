import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { fieldLook } from './form-field.ts';

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
  const look = fieldLook({ id, hint, error, readOnly });
  const describedBy = look.describedBy;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: look.className,
  };
  return (
    <div>
      <label htmlFor={id} className={look.labelClass}>
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
        <p id={`${id}-hint`} className={look.hintClass}>
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className={look.errorClass} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

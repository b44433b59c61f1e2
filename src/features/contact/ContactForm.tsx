import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import FormField from '../../components/ui/FormField.tsx';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { CONTACT } from './messages.ts';
import { CONTACT_FIELDS, contactSchema, HONEYPOT_FIELD, type ContactField } from './schema.ts';
import { toast } from '../../lib/stores/toast.ts';

export interface ContactFormProps {
  /** Unique per page, for label/field ids. */
  idPrefix?: string;
}

type FieldErrors = Partial<Record<ContactField, string>>;

/**
 * The contact form. Server-rendered, it is a plain HTML form that posts to /api/contact
 * and works without JavaScript; hydrated, it validates with the endpoint's own schema,
 * posts JSON, and reports through toasts. Inputs are uncontrolled, so anything typed
 * before hydration is kept.
 */
export default function ContactForm({ idPrefix = 'contact' }: ContactFormProps) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const id = (field: string) => `${idPrefix}-${field}`;

  // Without JavaScript the browser's own validation guards the post; once hydrated, our
  // messages (the endpoint's) take over.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = contactSchema.safeParse(data);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ContactField;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const first = CONTACT_FIELDS.find((f) => next[f]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await apiRequest('POST', '/api/contact', { ...parsed.data, [HONEYPOT_FIELD]: data[HONEYPOT_FIELD] ?? '' });
      form.reset();
      toast({ title: CONTACT.sentTitle, description: CONTACT.sentDescription });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const next: FieldErrors = {};
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if (CONTACT_FIELDS.includes(field as ContactField)) next[field as ContactField] = messages[0];
        }
        setErrors(next);
      }
      toast({ title: CONTACT.errorTitle, description: CONTACT.errorDescription, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  const field = (name: ContactField) => ({ id: id(name), name, error: errors[name] });

  return (
    <form ref={formRef} method="post" action="/api/contact" className="space-y-4" onSubmit={onSubmit}>
      <FormField
        {...field('name')}
        label="Name"
        type="text"
        autoComplete="name"
        required
        minLength={2}
        maxLength={100}
      />
      <FormField {...field('email')} label="Email" type="email" autoComplete="email" required maxLength={254} />
      <FormField {...field('subject')} label="Subject (optional)" type="text" maxLength={150} />
      <FormField {...field('message')} label="Message" multiline rows={5} required minLength={10} maxLength={5000} />
      {/* For bots only: hidden from people and from assistive technology. */}
      <div className="hidden" aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>Leave this field empty</label>
        <input id={id(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn-primary w-full disabled:opacity-70 sm:w-auto" disabled={pending}>
        {pending ? CONTACT.pending : CONTACT.submit}
      </button>
    </form>
  );
}

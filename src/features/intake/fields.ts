/**
 * The website intake, step by step: every question the customer answers, with its label,
 * limits and whether submitting needs it. The form pages, the draft and submit schemas, the
 * admin's view and the agency's e-mail all read this one list.
 */
export type IntakeFieldKind = 'text' | 'textarea' | 'tel' | 'email' | 'select';

export interface IntakeField {
  name: string;
  label: string;
  kind: IntakeFieldKind;
  /** Characters at most. */
  max: number;
  /** Needed to submit (a draft may leave anything blank). */
  required?: boolean;
  hint?: string;
  autoComplete?: string;
  options?: readonly { value: string; label: string }[];
}

export interface IntakeStep {
  id: string;
  title: string;
  intro: string;
  fields: readonly IntakeField[];
  /** This step also takes the logo and photos (src/features/intake/uploads). */
  uploads?: boolean;
}

export const INTAKE_STEPS: readonly IntakeStep[] = [
  {
    id: 'business',
    title: 'Your business',
    intro: 'Tell us who the website is for and what you offer.',
    fields: [
      {
        name: 'businessName',
        label: 'Business name',
        kind: 'text',
        max: 120,
        required: true,
        autoComplete: 'organization',
      },
      {
        name: 'industry',
        label: 'Industry',
        kind: 'text',
        max: 120,
        required: true,
        hint: 'For example: bakery, plumbing, law firm.',
      },
      {
        name: 'servicesOffered',
        label: 'Services offered',
        kind: 'textarea',
        max: 4000,
        required: true,
        hint: 'One per line is fine. These often become your service pages.',
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact details for the site',
    intro: 'What visitors should see on your website. Leave blank what you do not want shown.',
    fields: [
      { name: 'address', label: 'Address to show', kind: 'textarea', max: 300, autoComplete: 'street-address' },
      { name: 'phone', label: 'Phone to show', kind: 'tel', max: 30, autoComplete: 'tel' },
      { name: 'publicEmail', label: 'Email to show', kind: 'email', max: 254, autoComplete: 'email' },
    ],
  },
  {
    id: 'domain',
    title: 'Domain',
    intro: 'The address of your new website.',
    fields: [
      {
        name: 'domainStatus',
        label: 'Do you have a domain?',
        kind: 'select',
        max: 20,
        options: [
          { value: '', label: 'Choose one' },
          { value: 'existing', label: 'Yes, I already own one' },
          { value: 'desired', label: 'No, please register one for me' },
          { value: 'unsure', label: 'Not sure' },
        ],
      },
      {
        name: 'domain',
        label: 'Existing or desired domain',
        kind: 'text',
        max: 253,
        hint: 'For example: lopezbakery.com',
      },
    ],
  },
  {
    id: 'pages',
    title: 'Pages',
    intro: 'Which pages should the site have?',
    fields: [
      {
        name: 'pagesWanted',
        label: 'Pages wanted',
        kind: 'textarea',
        max: 2000,
        required: true,
        hint: 'For example: Home, About, Services, Gallery, Contact. One per line or separated by commas.',
      },
    ],
  },
  {
    id: 'brand',
    title: 'Brand',
    intro: 'Your colors, logo and photos.',
    fields: [
      {
        name: 'brandColors',
        label: 'Brand colors',
        kind: 'text',
        max: 300,
        hint: 'Names or codes, for example: navy and gold, or #0f766e.',
      },
    ],
    uploads: true,
  },
  {
    id: 'inspiration',
    title: 'Inspiration and audience',
    intro: 'Sites you like, your competitors, and who you want to reach.',
    fields: [
      {
        name: 'inspirationSites',
        label: 'Inspiration sites',
        kind: 'textarea',
        max: 2000,
        hint: 'Addresses of sites you like, and what you like about them.',
      },
      { name: 'competitorSites', label: 'Competitor sites', kind: 'textarea', max: 2000 },
      {
        name: 'targetAudience',
        label: 'Target audience',
        kind: 'textarea',
        max: 2000,
        required: true,
        hint: 'Who are your customers? Where are they?',
      },
      { name: 'notes', label: 'Anything else', kind: 'textarea', max: 4000 },
    ],
  },
];

export const INTAKE_FIELDS: readonly IntakeField[] = INTAKE_STEPS.flatMap((step) => step.fields);
export const INTAKE_FIELD_NAMES: ReadonlySet<string> = new Set(INTAKE_FIELDS.map((f) => f.name));

/**
 * An answer as the customer reads it: a choice's label from the same option list the form
 * offers ('Yes, I already own one', not the stored 'existing'), else the text as typed.
 */
export function answerText(field: IntakeField, value: string | null | undefined): string {
  const answer = value ?? '';
  if (!field.options || answer === '') return answer;
  return field.options.find((o) => o.value === answer)?.label ?? answer;
}

/** The step index (0-based) for a `?step=` value; out of range goes to the first. */
export function stepIndex(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= INTAKE_STEPS.length + 1 ? n - 1 : 0;
}

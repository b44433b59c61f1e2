/**
 * The one place mail markup is escaped. `markup` is a tagged template: every value put into it
 * is escaped unless it is itself the result of `markup` (markup we wrote), so the renderer and
 * the layout cannot forget to escape either. Mail builders never see this: they describe
 * mails in plain text (template.ts). (Not named `html`: Prettier would reformat the markup
 * inside an `html` template and change what mails look like.)
 */
import { escapeHtml } from '#lib/html.ts';

/** Markup that came out of `markup`, and so is known to be escaped. */
export class SafeHtml {
  readonly markup: string;
  constructor(markup: string) {
    this.markup = markup;
  }
}

type HtmlValue = string | number | SafeHtml | readonly SafeHtml[];

const markupOf = (value: HtmlValue): string => {
  if (value instanceof SafeHtml) return value.markup;
  if (typeof value === 'string' || typeof value === 'number') return escapeHtml(String(value));
  return value.map((part) => part.markup).join('');
};

export function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((out, literal, i) => out + literal + (i < values.length ? markupOf(values[i]!) : ''), ''),
  );
}

/**
 * Mail as data. A mail is described once, as blocks of plain text (paragraphs, headings, a
 * button, a list, label/value fields), and `renderMail` turns that one description into both
 * the text part and the HTML part. Nothing a feature writes is markup: every string, whether
 * written in the template or interpolated into it, is escaped on the way into HTML, so a
 * customer's `<script>` or `"` cannot reach a mail's markup, and there is no "raw HTML" door
 * to forget to close. The markup itself lives only here and in layout.ts.
 */
import { markup, type SafeHtml } from './html.ts';
import { mailDocument, mailFooter, type RenderedMail } from './layout.ts';

/** A link inside a paragraph: the label in HTML, "label: url" in text. */
interface MailLink {
  readonly kind: 'link';
  readonly label: string;
  readonly url: string;
}

/** Words that stand out (a total). */
interface MailStrong {
  readonly kind: 'strong';
  readonly text: string;
}

/** What a paragraph is made of: text (numbers included), links and strong words. */
type Inline = string | number | MailLink | MailStrong;

/** plain: body copy; note: small print; quote: someone's own words, line breaks kept. */
type Tone = 'plain' | 'note' | 'quote';

type MailBlock =
  | { readonly kind: 'paragraph'; readonly tone: Tone; readonly parts: readonly Inline[] }
  | { readonly kind: 'heading'; readonly level: 1 | 2; readonly text: string }
  | { readonly kind: 'button'; readonly label: string; readonly url: string; readonly lead?: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  | { readonly kind: 'fields'; readonly rows: readonly (readonly [label: string, value: string])[] }
  | { readonly kind: 'lines'; readonly blocks: readonly MailBlock[] };

/** One mail: who reads it decides the footer (a customer gets the agency's name and address). */
interface MailDescription {
  subject: string;
  audience: 'customer' | 'agency';
  body: readonly MailBlock[];
}

/**
 * Links in mail lead to our own pages over http(s). Refusing anything else keeps a
 * `javascript:` or `data:` address out of an href even if one ever reached a builder.
 */
function checkedUrl(url: string): string {
  if (!/^https?:\/\//i.test(url)) throw new Error(`mail links must be http(s) addresses, not ${JSON.stringify(url)}`);
  return url;
}

export const link = (label: string, url: string): MailLink => ({ kind: 'link', label, url: checkedUrl(url) });
export const strong = (text: string): MailStrong => ({ kind: 'strong', text });

/** `p\`Hi ${name},\`` or `p('Hi', link(...))`: a tagged template or the parts themselves. */
type ParagraphTag = {
  (strings: TemplateStringsArray, ...values: Inline[]): MailBlock;
  (...parts: Inline[]): MailBlock;
};

const isTemplate = (value: unknown): value is TemplateStringsArray => Array.isArray(value) && 'raw' in value;

function paragraphTag(tone: Tone): ParagraphTag {
  return (first: TemplateStringsArray | Inline, ...rest: Inline[]): MailBlock => {
    if (!isTemplate(first)) return { kind: 'paragraph', tone, parts: [first, ...rest] };
    // The template's own words are text as well: they are escaped like the values between them.
    const parts = first.flatMap((literal, i) => (i < rest.length ? [literal, rest[i]!] : [literal]));
    return { kind: 'paragraph', tone, parts };
  };
}

export const p = paragraphTag('plain');
export const note = paragraphTag('note');
export const quote = paragraphTag('quote');
export const h1 = (text: string): MailBlock => ({ kind: 'heading', level: 1, text });
/** A section title (capitals in the text part). */
export const h2 = (text: string): MailBlock => ({ kind: 'heading', level: 2, text });
/**
 * A call to action: a button in HTML (with the address to paste below it), "label: url" in text.
 * A `lead` sentence goes before the button, and the text part puts the address after it instead.
 */
export const button = (label: string, url: string, options: { lead?: string } = {}): MailBlock => ({
  kind: 'button',
  label,
  url: checkedUrl(url),
  ...options,
});
export const list = (items: readonly string[]): MailBlock => ({ kind: 'list', items });
export const fields = (rows: readonly (readonly [string, string])[]): MailBlock => ({ kind: 'fields', rows });
/** Blocks that belong together: one line after another in the text part, no blank line between. */
export const lines = (...blocks: MailBlock[]): MailBlock => ({ kind: 'lines', blocks });

/** The HTML-only words under a button: the text part shows the address itself. */
export const PASTE_LINK = 'Or paste this link into your browser:';

function inlineText(part: Inline): string {
  if (typeof part === 'string') return part;
  if (typeof part === 'number') return String(part);
  return part.kind === 'link' ? `${part.label}: ${part.url}` : part.text;
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.parts.map(inlineText).join('');
    case 'heading':
      return block.level === 1 ? block.text : block.text.toUpperCase();
    case 'button':
      return `${block.lead ?? block.label}: ${block.url}`;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'fields':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'lines':
      return block.blocks.map(blockText).join('\n');
  }
}

const LINK_STYLE = 'color:#0f766e';
const NOTE_STYLE = 'margin:0 0 16px;font-size:14px;color:#475569';
const PARAGRAPH_STYLE: Readonly<Record<Tone, string>> = {
  plain: 'margin:0 0 16px',
  note: NOTE_STYLE,
  quote: 'margin:0 0 16px;white-space:pre-wrap;border-left:4px solid #0f766e;padding-left:12px',
};
// A button is a real link, big enough to tap, and never wider than the phone it is read on.
const BUTTON_STYLE =
  'display:inline-block;background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold';

function inlineHtml(part: Inline): SafeHtml {
  if (typeof part === 'string' || typeof part === 'number') return markup`${part}`;
  if (part.kind === 'strong') return markup`<strong>${part.text}</strong>`;
  return markup`<a href="${part.url}" style="${LINK_STYLE}">${part.label}</a>`;
}

function blockHtml(block: MailBlock): SafeHtml {
  switch (block.kind) {
    case 'paragraph':
      return markup`<p style="${PARAGRAPH_STYLE[block.tone]}">${block.parts.map(inlineHtml)}</p>`;
    case 'heading':
      return block.level === 1
        ? markup`<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">${block.text}</h1>`
        : markup`<h2 style="margin:24px 0 8px;font-size:18px;line-height:1.3">${block.text}</h2>`;
    case 'button':
      return joined([
        ...(block.lead ? [markup`<p style="${PARAGRAPH_STYLE.plain}">${block.lead}:</p>`] : []),
        markup`<p style="margin:0 0 16px"><a href="${block.url}" style="${BUTTON_STYLE}">${block.label}</a></p>`,
        markup`<p style="${NOTE_STYLE};word-break:break-all">${PASTE_LINK} ${block.url}</p>`,
      ]);
    case 'list':
      return markup`<ul style="margin:0 0 16px;padding-left:20px">${block.items.map((item) => markup`<li>${item}</li>`)}</ul>`;
    case 'fields':
      return markup`<table style="margin:0 0 16px;border-collapse:collapse">${block.rows.map(
        ([label, value]) =>
          markup`<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${label}</th><td style="padding:4px 0;white-space:pre-wrap;word-break:break-word">${value}</td></tr>`,
      )}</table>`;
    case 'lines':
      return joined(block.blocks.map(blockHtml));
  }
}

/** One block a line in the HTML source: short lines survive mail transport and are easy to read. */
const NEWLINE = markup`
`;
const joined = (parts: readonly SafeHtml[]): SafeHtml =>
  markup`${parts.flatMap((part, i) => (i === 0 ? [part] : [NEWLINE, part]))}`;

/** The text part and the HTML part of one mail, from its one description. */
export function renderMail(mail: MailDescription): RenderedMail {
  const footer = mail.audience === 'customer' ? mailFooter() : null;
  const text = [...mail.body.map(blockText), ...(footer ? [footer.lines.join('\n')] : [])].join('\n\n');
  const document = mailDocument(mail.subject, joined(mail.body.map(blockHtml)), footer?.lines ?? []);
  return { subject: mail.subject, text, html: document.markup };
}

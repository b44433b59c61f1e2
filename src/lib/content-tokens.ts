import { addressLine, mailtoHref, site, supportHoursLine, telHref } from '#data/site.ts';
import { escapeHtml } from './html.ts';

/**
 * Markdown copy says {{brand}}, {{email}}, {{phone}}, {{address}} and {{supportHours}}
 * instead of repeating business facts; this fills them in from src/data/site.ts.
 * Values are inserted into rendered HTML, so they are escaped.
 */
const TOKENS: Record<string, string> = {
  brand: escapeHtml(site.brand),
  email: `<a href="${escapeHtml(mailtoHref)}">${escapeHtml(site.email)}</a>`,
  phone: `<a href="${escapeHtml(telHref)}">${escapeHtml(site.phone.display)}</a>`,
  address: escapeHtml(addressLine),
  supportHours: escapeHtml(supportHoursLine),
};

export class UnknownTokenError extends Error {}

export function fillTokens(html: string, source = 'content'): string {
  return html.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (_match, name: string) => {
    const value = TOKENS[name];
    if (value === undefined) {
      throw new UnknownTokenError(
        `${source}: unknown token {{${name}}}; use one of ${Object.keys(TOKENS)
          .map((t) => `{{${t}}}`)
          .join(', ')}`,
      );
    }
    return value;
  });
}

import { addressLine, site } from '#data/site.ts';
import { markup, type SafeHtml } from './html.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Who sent a customer's mail and where the agency is: the last lines of every customer mail. */
export const mailFooter = () => ({ lines: [site.brand, addressLine] as const });

/**
 * The page around a mail's body: inline styles (mail clients drop style sheets), a viewport so
 * phones do not shrink it to a thumbnail, one column at most 600px wide and 16px type.
 */
export function mailDocument(title: string, body: SafeHtml, footerLines: readonly string[]): SafeHtml {
  const footer = footerLines.length
    ? markup`
<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #e2e8f0;font-size:13px;line-height:1.5;color:#64748b">${footerLines.map((line, i) => (i === 0 ? markup`${line}` : markup`<br>${line}`))}</p>`
    : '';
  return markup`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${title}</title></head>
<body style="margin:0;padding:16px 8px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#0f172a;-webkit-text-size-adjust:100%">
<div style="box-sizing:border-box;width:100%;max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px 20px">
${body}${footer}
</div></body></html>`;
}

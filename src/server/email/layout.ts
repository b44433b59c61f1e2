import { site } from '#data/site.ts';
import { escapeHtml } from '#lib/html.ts';

export { escapeHtml };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Wraps an HTML fragment in the simple, inline-styled layout mail clients expect. */
export function mailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
${bodyHtml}
<p style="margin-top:32px;font-size:12px;color:#64748b">${escapeHtml(site.brand)}</p>
</div></body></html>`;
}

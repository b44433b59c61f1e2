import { site } from '../../data/site.ts';
import { escapeHtml, mailLayout, type RenderedMail } from '../../server/email/layout.ts';

function linkMail(opts: {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  url: string;
  expiry: string;
}): RenderedMail {
  const text = [
    opts.greeting,
    '',
    opts.intro,
    '',
    `${opts.action}: ${opts.url}`,
    '',
    `${opts.expiry} If you did not ask for this, you can ignore this e-mail.`,
    '',
    site.brand,
  ].join('\n');
  const html = mailLayout(
    opts.subject,
    `<p>${escapeHtml(opts.greeting)}</p><p>${escapeHtml(opts.intro)}</p>
<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(opts.action)}</a></p>
<p style="font-size:14px;color:#475569">Or paste this link into your browser: ${escapeHtml(opts.url)}</p>
<p style="font-size:14px;color:#475569">${escapeHtml(opts.expiry)} If you did not ask for this, you can ignore this e-mail.</p>`,
  );
  return { subject: opts.subject, text, html };
}

export function activationMail(name: string, url: string): RenderedMail {
  return linkMail({
    subject: `Activate your ${site.brand} account`,
    greeting: `Hi ${name},`,
    intro: `An account has been created for you at ${site.brand}. Choose a password to activate it and follow your project.`,
    action: 'Activate your account',
    url,
    expiry: 'This link works once and expires in 48 hours.',
  });
}

export function passwordResetMail(name: string, url: string): RenderedMail {
  return linkMail({
    subject: `Reset your ${site.brand} password`,
    greeting: `Hi ${name},`,
    intro: 'We received a request to reset the password of your account.',
    action: 'Choose a new password',
    url,
    expiry: 'This link works once and expires in 1 hour.',
  });
}

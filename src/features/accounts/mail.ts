import { site } from '#data/site.ts';
import { escapeHtml, mailLayout, type RenderedMail } from '#server/email/layout.ts';

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

/** After registration (and on request): the link that proves the address is the account holder's. */
export function verifyEmailMail(name: string, url: string): RenderedMail {
  return linkMail({
    subject: `Confirm your email address for ${site.brand}`,
    greeting: `Hi ${name},`,
    intro: `Confirm that this address belongs to your ${site.brand} account. Until you do, orders and offers sent to this address are not shown in the account.`,
    action: 'Confirm your email address',
    url,
    expiry: 'This link opens a page with a button, works once and expires in 48 hours.',
  });
}

/** To the new address: the link that proves it is theirs and makes the change. */
export function emailChangeMail(name: string, newEmail: string, url: string): RenderedMail {
  return linkMail({
    subject: `Confirm your new email address for ${site.brand}`,
    greeting: `Hi ${name},`,
    intro: `You asked to use ${newEmail} for your ${site.brand} account. Confirm that this address is yours to finish the change.`,
    action: 'Confirm your new email',
    url,
    expiry: 'This link works once and expires in 24 hours.',
  });
}

/**
 * To the old address: someone signed in with the password asked to move the account away
 * from it. If that was not the owner, this is their warning while the old address still works.
 */
export function emailChangeNoticeMail(name: string, newEmail: string): RenderedMail {
  const subject = `Your ${site.brand} email address is about to change`;
  const lines = [
    `Hi ${name},`,
    `Someone signed in to your account asked to change its email address to ${newEmail}. The change happens only when the link we sent to that address is opened.`,
    'If this was you, there is nothing else to do. If it was not, log in, cancel the change on your account page and change your password.',
  ];
  return {
    subject,
    text: [...lines.flatMap((line) => [line, '']), site.brand].join('\n'),
    html: mailLayout(subject, lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')),
  };
}

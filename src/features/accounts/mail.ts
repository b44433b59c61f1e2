import { site } from '#data/site.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { button, lines, list, note, p, renderMail } from '#server/email/template.ts';

function linkMail(opts: {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  url: string;
  expiry: string;
}): RenderedMail {
  return renderMail({
    subject: opts.subject,
    audience: 'customer',
    body: [
      p(opts.greeting),
      p(opts.intro),
      button(opts.action, opts.url),
      note`${opts.expiry} If you did not ask for this, you can ignore this e-mail.`,
    ],
  });
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
  return renderMail({
    subject: `Your ${site.brand} email address is about to change`,
    audience: 'customer',
    body: [
      p`Hi ${name},`,
      p`Someone signed in to your account asked to change its email address to ${newEmail}. The change happens only when the link we sent to that address is opened.`,
      p`If this was you, there is nothing else to do. If it was not, log in, cancel the change on your account page and change your password.`,
    ],
  });
}

/**
 * To the agency when a deleted account's subscriptions could not be canceled at the payment
 * provider: a person has to do it by hand, or the customer is charged again.
 */
export function billingCancelFailedMail(references: readonly string[]): RenderedMail {
  return renderMail({
    subject: "Action needed: cancel a deleted customer's subscription",
    audience: 'agency',
    body: [
      lines(
        p`A customer deleted their account, but these subscriptions could not be canceled at the payment provider.`,
        p`Cancel them by hand in its dashboard so the person is not charged again:`,
      ),
      list(references),
    ],
  });
}

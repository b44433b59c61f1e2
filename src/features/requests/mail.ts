/** The e-mails of care-plan requests: a new one to the agency, each status change to the customer. */
import { site } from '#data/site.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { button, p, renderMail } from '#server/email/template.ts';
import { REQUEST_MAIL } from './copy.ts';

export const newRequestMail = (customerName: string, page: string, url: string): RenderedMail =>
  renderMail({
    subject: REQUEST_MAIL.newSubject(customerName),
    audience: 'agency',
    body: [p(REQUEST_MAIL.newLead(customerName, page)), button(REQUEST_MAIL.open, url)],
  });

/** `status` is its label ('In progress'); `url` the customer's page of the request. */
export const requestStatusMail = (customerName: string, page: string, status: string, url: string): RenderedMail =>
  renderMail({
    subject: REQUEST_MAIL.statusSubject(site.brand, status),
    audience: 'customer',
    body: [p`Hi ${customerName},`, p(REQUEST_MAIL.statusLead(page, status)), button(REQUEST_MAIL.view, url)],
  });

/**
 * The e-mails a booking sends: to the visitor (booked, moved, cancelled, the reminder the day
 * before), each with the manage link (which opens a page with buttons: opening it changes
 * nothing), and to the agency on every booking, change and cancellation.
 */
import { site } from '#data/site.ts';
import type { RenderedMail } from '#server/email/layout.ts';
import { button, fields, note, p, quote, renderMail, strong } from '#server/email/template.ts';
import { formatAgencyMoment } from './zone.ts';

export interface BookingMailData {
  name: string;
  email: string;
  phone: string;
  business: string | null;
  topic: string;
  startsAt: Date;
}

const when = (at: Date) => formatAgencyMoment(at, site.timeZone);
const footer = () => note`Need to talk sooner? Call ${site.phone.display}. Reply to this e-mail with any questions.`;

export function bookedMail(booking: BookingMailData, manageUrl: string): RenderedMail {
  return renderMail({
    subject: `Your call with ${site.brand} is booked`,
    audience: 'customer',
    body: [
      p`Hi ${booking.name},`,
      p`Thank you for booking a call. We will call you at ${booking.phone} on:`,
      p(strong(when(booking.startsAt))),
      p`The calendar invitation is attached. To pick another time or cancel, use this link:`,
      button('Reschedule or cancel', manageUrl),
      footer(),
    ],
  });
}

export function rescheduledMail(booking: BookingMailData, manageUrl: string): RenderedMail {
  return renderMail({
    subject: `Your call with ${site.brand} has a new time`,
    audience: 'customer',
    body: [
      p`Hi ${booking.name},`,
      p`Your call is moved. The new time is:`,
      p(strong(when(booking.startsAt))),
      p`The updated calendar invitation is attached.`,
      button('Reschedule or cancel', manageUrl),
      footer(),
    ],
  });
}

/** To the visitor when the call is off; `message` is the agency's, when it cancelled. */
export function cancelledMail(booking: BookingMailData, bookUrl: string, message: string | null): RenderedMail {
  return renderMail({
    subject: `Your call with ${site.brand} is canceled`,
    audience: 'customer',
    body: [
      p`Hi ${booking.name},`,
      p`Your call on ${when(booking.startsAt)} is canceled.`,
      ...(message ? [p`A message from us:`, quote(message)] : []),
      button('Book another time', bookUrl),
      footer(),
    ],
  });
}

export function reminderMail(booking: BookingMailData, manageUrl: string): RenderedMail {
  return renderMail({
    subject: `Reminder: your call with ${site.brand} is tomorrow`,
    audience: 'customer',
    body: [
      p`Hi ${booking.name},`,
      p`A reminder of your call, when we will call you at ${booking.phone}:`,
      p(strong(when(booking.startsAt))),
      p`Can't make it? Pick another time or cancel here:`,
      button('Reschedule or cancel', manageUrl),
      footer(),
    ],
  });
}

export type AgencyEvent = 'booked' | 'rescheduled' | 'cancelled';

const AGENCY_SUBJECTS: Readonly<Record<AgencyEvent, string>> = {
  booked: 'New call booked',
  rescheduled: 'Call rescheduled',
  cancelled: 'Call canceled',
};

/** To the agency on every booking, change and cancellation. */
export function agencyNotice(
  event: AgencyEvent,
  booking: BookingMailData,
  options: { adminUrl: string; previousStart?: Date; by?: 'visitor' | 'agency' },
): RenderedMail {
  const rows: [string, string][] = [
    ['When', when(booking.startsAt)],
    ['Name', booking.name],
    ['Email', booking.email],
    ['Phone', booking.phone],
  ];
  if (booking.business) rows.push(['Business', booking.business]);
  if (options.previousStart) rows.push(['Was', when(options.previousStart)]);
  if (options.by) rows.push(['Canceled by', options.by === 'agency' ? 'the agency' : 'the visitor']);
  return renderMail({
    subject: `${AGENCY_SUBJECTS[event]}: ${booking.name}, ${when(booking.startsAt)}`.slice(0, 200),
    audience: 'agency',
    body: [fields(rows), p`About:`, quote(booking.topic), button('Open it', options.adminUrl)],
  });
}

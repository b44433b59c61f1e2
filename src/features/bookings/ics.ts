/**
 * The calendar invitation a booking e-mail carries (RFC 5545): one VEVENT, its times in UTC,
 * its UID the booking's, SEQUENCE bumped on every change so calendars replace the old copy,
 * METHOD:REQUEST for a new or moved call and METHOD:CANCEL when it is off.
 */
import { site, addressLine } from '#data/site.ts';

export interface InviteEvent {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  end: Date;
  attendee: { name: string; email: string };
  /** When this version of the invitation was made. */
  stamp: Date;
}

/** 20261130T140000Z */
const utc = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value with anything that would break it taken out. */
const param = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

/** Lines longer than 75 octets folded with CRLF and a space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const width = new TextEncoder().encode(char).length;
    if (size + width > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += width;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Where the call happens: by phone, from the agency's number; the address says where we are. */
export const INVITE_LOCATION = `${site.brand}, ${addressLine} (we call you; questions: ${site.phone.display})`;

export function calendarInvite(event: InviteEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${site.brand}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}@bookings.${new URL(site.origin).hostname}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${text(`Call with ${site.brand}`)}`,
    `DESCRIPTION:${text(`A 30-minute call about your website. We will call you. Questions: ${site.phone.display}, ${site.email}.`)}`,
    `LOCATION:${text(INVITE_LOCATION)}`,
    `ORGANIZER;CN=${param(site.brand)}:mailto:${site.email}`,
    `ATTENDEE;CN=${param(event.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${event.attendee.email}`,
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

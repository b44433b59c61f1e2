import { describe, expect, it } from 'vitest';
import { calendarInvite } from './ics.ts';

const event = {
  uid: 'abc123',
  sequence: 2,
  method: 'REQUEST' as const,
  start: new Date('2026-03-09T13:00:00Z'),
  end: new Date('2026-03-09T13:30:00Z'),
  attendee: { name: 'Jo "the boss" Doe', email: 'jo@example.com' },
  stamp: new Date('2026-03-01T10:00:00.123Z'),
};

const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('calendarInvite', () => {
  it('is one VEVENT with UTC times, the UID, SEQUENCE and METHOD, in CRLF lines of at most 75 octets', () => {
    const ics = calendarInvite(event);
    const lines = unfold(ics).split('\r\n');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('DTSTART:20260309T130000Z');
    expect(lines).toContain('DTEND:20260309T133000Z');
    expect(lines).toContain('DTSTAMP:20260301T100000Z');
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.some((l) => l.startsWith('UID:abc123@'))).toBe(true);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    for (const raw of ics.split('\r\n')) expect(new TextEncoder().encode(raw).length).toBeLessThanOrEqual(75);
    expect(ics.endsWith('\r\n')).toBe(true);
  });

  it("puts the agency's address and phone in LOCATION, escaped, and keeps quotes out of parameters", () => {
    const lines = unfold(calendarInvite(event)).split('\r\n');
    expect(lines.find((l) => l.startsWith('LOCATION:'))).toBe(
      'LOCATION:Palmetto Web Studio\\, Orlando\\, FL 32832 (we call you\\; questions: (407) 555-0142)',
    );
    expect(lines.find((l) => l.startsWith('ATTENDEE'))).toBe(
      'ATTENDEE;CN="Jo the boss Doe";ROLE=REQ-PARTICIPANT:mailto:jo@example.com',
    );
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED', () => {
    const lines = unfold(calendarInvite({ ...event, method: 'CANCEL', sequence: 3 })).split('\r\n');
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines).toContain('SEQUENCE:3');
  });
});

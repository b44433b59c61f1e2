import { describe, expect, it } from 'vitest';
import { CONTACT } from './copy.ts';

// The specification's words, written out here: the e2e journeys read them from CONTACT, so a
// changed constant would pass there. Issue 20, item 2.
describe("the contact form's toasts", () => {
  it('say exactly what the specification says', () => {
    expect(CONTACT.sentTitle).toBe('Message Sent');
    expect(CONTACT.sentDescription).toBe('We will get back to you shortly!');
    expect(CONTACT.errorTitle).toBe('Error');
    expect(CONTACT.errorDescription).toBe('There was a problem sending your message. Please try again.');
    expect(CONTACT.submit).toBe('Send Message');
  });
});

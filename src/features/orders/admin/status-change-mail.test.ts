import { describe, expect, it } from 'vitest';
import { expectCustomerMail, expectEscaped, HOSTILE, HOSTILE_ESCAPED } from '#server/email/mail-checks.ts';
import { ADMIN_ORDERS } from '#features/admin/copy.ts';
import { statusChangeMail } from './status-change-mail.ts';

describe('statusChangeMail', () => {
  it("tells the customer the new status and the agency's note, escaped in HTML, line breaks kept", () => {
    const note = `${HOSTILE}\nSee you Monday & thanks`;
    const mail = statusChangeMail({ id: 'abcdefghjkmnpqrs', name: HOSTILE }, 'in_design', note);
    expect(mail.subject).toMatch(/^Your order ORD-ABCDEFGH: /);
    expect(mail.text).toContain(`${ADMIN_ORDERS.customerNoteInMail}\n${note}\n\n`);
    expect(mail.html).toContain(`white-space:pre-wrap`);
    expect(mail.html).toContain(`${HOSTILE_ESCAPED}\nSee you Monday &amp; thanks</p>`);
    expectEscaped(mail);
    expectCustomerMail(mail);
  });

  it('without a note, says only the status', () => {
    const mail = statusChangeMail({ id: 'abcdefghjkmnpqrs', name: HOSTILE }, 'in_design');
    expect(mail.text).not.toContain(ADMIN_ORDERS.customerNoteInMail);
    expectEscaped(mail);
    expectCustomerMail(mail);
  });
});

import { describe, expect, it } from 'vitest';
import { addressLine, site } from '#data/site.ts';
import { markup } from './html.ts';
import { expectAgencyMail, expectCustomerMail, expectEscaped, HOSTILE, HOSTILE_ESCAPED } from './mail-checks.ts';
import { button, fields, h1, h2, lines, link, list, note, p, quote, renderMail, strong } from './template.ts';

describe('the markup tag', () => {
  it('escapes every value and keeps markup it made itself', () => {
    const inner = markup`<b>${HOSTILE}</b>`;
    expect(markup`<p title="${HOSTILE}">${inner}${[inner, inner]}${3}</p>`.markup).toBe(
      `<p title="${HOSTILE_ESCAPED}"><b>${HOSTILE_ESCAPED}</b><b>${HOSTILE_ESCAPED}</b><b>${HOSTILE_ESCAPED}</b>3</p>`,
    );
  });
});

describe('renderMail', () => {
  const everyBlock = (value: string) => [
    h1(value),
    p`Hi ${value}, ${strong(value)} ${link(value, 'https://example.test/a?b=1&c=2')}`,
    lines(h2(value), fields([[value, value]]), list([value])),
    quote(value),
    note(value),
    button(value, 'https://example.test/go', { lead: value }),
  ];

  it('escapes what goes into every kind of block, values and the template alike, and keeps the text verbatim', () => {
    const mail = renderMail({ subject: HOSTILE, audience: 'customer', body: [...everyBlock(HOSTILE), p`<i>&</i>`] });
    expectEscaped(mail);
    expect(mail.html).not.toContain('<i>');
    expect(mail.html).toContain('&lt;i&gt;&amp;&lt;/i&gt;');
    expect(mail.html).toContain('href="https://example.test/a?b=1&amp;c=2"');
    expect(mail.text).toContain('<i>&</i>');
    expect(mail.html.split(HOSTILE_ESCAPED).length - 1).toBe(13);
    expectCustomerMail(mail);
  });

  it('lays out the text part: a blank line between blocks, none inside lines(), links as "label: url"', () => {
    const mail = renderMail({
      subject: 'S',
      audience: 'agency',
      body: [
        h1('Title'),
        lines(p('One'), p`Two ${link('open it', 'http://example.test/x')}`),
        lines(h2('Section'), fields([['Name', 'Jo']]), list(['a', 'b'])),
        button('Go', 'https://example.test/go'),
      ],
    });
    expect(mail.text).toBe(
      'Title\n\nOne\nTwo open it: http://example.test/x\n\nSECTION\nName: Jo\n- a\n- b\n\nGo: https://example.test/go',
    );
    expectAgencyMail(mail);
  });

  it("signs a customer's mail with the agency's name and address, in both parts; not the agency's own", () => {
    const customer = renderMail({ subject: 'S', audience: 'customer', body: [p('Hello')] });
    expect(customer.text).toBe(`Hello\n\n${site.brand}\n${addressLine}`);
    expectCustomerMail(customer);
    const agency = renderMail({ subject: 'S', audience: 'agency', body: [p('Hello')] });
    expect(agency.text).toBe('Hello');
    expect(agency.html).not.toContain(addressLine);
    expect(agency.html).toContain('name="viewport"');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => link('x', 'javascript:alert(1)')).toThrow(/http\(s\)/);
    expect(() => button('x', ' data:text/html,x')).toThrow(/http\(s\)/);
  });
});

import { describe, expect, it } from 'vitest';
import { fillTokens, UnknownTokenError } from './content-tokens.ts';
import { site } from '#data/site.ts';

describe('Markdown tokens', () => {
  it('fills business facts, linking e-mail and phone', () => {
    const html = fillTokens('<p>{{brand}}: {{email}}, {{ phone }}, {{address}}</p>');
    expect(html).toContain(site.brand);
    expect(html).toContain(`<a href="mailto:${site.email}">${site.email}</a>`);
    expect(html).toContain(`<a href="tel:${site.phone.e164}">${site.phone.display}</a>`);
    expect(html).toContain('Orlando, FL 32832');
  });

  it('names the file and the token when a token is unknown', () => {
    expect(() => fillTokens('{{fax}}', 'src/content/pages/foo.md')).toThrow(UnknownTokenError);
    expect(() => fillTokens('{{fax}}', 'src/content/pages/foo.md')).toThrow(
      /src\/content\/pages\/foo\.md: unknown token \{\{fax\}\}/,
    );
  });

  it('leaves other braces alone', () => {
    expect(fillTokens('<code>{ a: 1 }</code>')).toBe('<code>{ a: 1 }</code>');
  });
});

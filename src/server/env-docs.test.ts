import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from './env.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The names in the first column of the README's settings table (`A`, `B` in one cell count both). */
function readmeSettings(): Set<string> {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('## Settings that matter'), readme.indexOf('## The folder map'));
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
  return new Set(names);
}

describe('every setting is documented where an operator looks', () => {
  it('docs/configuration.md and deploy/env.example name every run-time setting of src/server/env.ts', () => {
    const configuration = read('docs/configuration.md');
    const example = read('deploy/env.example');
    expect(SETTING_NAMES.length).toBeGreaterThan(20);
    expect(SETTING_NAMES.filter((name) => !configuration.includes(`\`${name}\``))).toEqual([]);
    expect(SETTING_NAMES.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
  });

  it("the README's settings table has every setting an invoice or an e-mail depends on", () => {
    const invoiceAndMail = [
      'SITE_URL',
      'SMTP_URL',
      'MAIL_KEY',
      'MAIL_FROM',
      'AGENCY_INBOX',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'INVOICE_BANK_DETAILS',
      'INVOICE_DUE_DAYS',
    ];
    const table = readmeSettings();
    expect(invoiceAndMail.filter((name) => !table.has(name))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { currentTab } from './account-tabs.ts';

describe('currentTab', () => {
  it('marks the tab a page belongs to', () => {
    expect(currentTab('/account')).toBe('/account');
    expect(currentTab('/account/')).toBe('/account');
    expect(currentTab('/account/orders/abc')).toBe('/account');
    expect(currentTab('/account/invoices')).toBe('/account/invoices');
    expect(currentTab('/account/invoices/xyz')).toBe('/account/invoices');
    expect(currentTab('/account/requests/1')).toBe('/account/requests');
    expect(currentTab('/account/profile')).toBe('/account/profile');
    expect(currentTab('/accounting')).toBeNull();
  });
});

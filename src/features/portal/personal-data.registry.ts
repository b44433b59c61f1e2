/**
 * Every kind of personal data the site keeps, one declaration per feature
 * (accounts/personal-data.ts): the data export and account deletion iterate this list, and
 * personal-data.registry.test.ts fails when a table of the schema is in no declaration and not
 * in NO_PERSONAL_DATA below. A new feature that keeps something about a person adds its
 * declaration here.
 */
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { auditLog, bookingBlocks, formOutcomes, invoiceCounters, stripeEvents } from '#server/db/schema.ts';
import { accountData, addressTraces } from '#features/accounts/personal-data.server.ts';
import { bookingData } from '#features/bookings/personal-data.server.ts';
import { contactData } from '#features/contact/personal-data.server.ts';
import { intakeData } from '#features/intake/personal-data.server.ts';
import { invoiceData } from '#features/invoices/personal-data.server.ts';
import { quoteData } from '#features/invoices/quotes/personal-data.server.ts';
import { leadData } from '#features/leads/personal-data.server.ts';
import { messageData } from '#features/messages/personal-data.server.ts';
import { orderData } from '#features/orders/personal-data.server.ts';
import { requestData } from '#features/requests/personal-data.server.ts';
import { subscriptionData } from '#features/subscriptions/personal-data.server.ts';

/** In the export's order. */
export const PERSONAL_DATA = [
  accountData,
  orderData,
  intakeData,
  subscriptionData,
  invoiceData,
  quoteData,
  messageData,
  requestData,
  bookingData,
  contactData,
  leadData,
  addressTraces,
] as const;

/**
 * Tables that hold no personal data, or hold it only for the platform's own working; each says
 * why it is neither exported nor erased.
 */
export const NO_PERSONAL_DATA: readonly { table: SQLiteTable; why: string }[] = [
  {
    table: auditLog,
    why: 'the security record: ids, actions and client addresses, never names or e-mail addresses (the deletion entry carries ids only); kept so who did what can be answered after an account is gone',
  },
  {
    table: formOutcomes,
    why: 'what a refused form post typed, encrypted with a key only that browser holds, read once and expired within minutes',
  },
  { table: stripeEvents, why: 'Stripe event ids and types, for applying each once: nothing about a person' },
  { table: invoiceCounters, why: 'the last invoice number per series and year' },
  { table: bookingBlocks, why: "the agency's own closed hours" },
];

/**
 * The agency's lead for the account's address (accounts/personal-data.ts): the agency's sales
 * record, made from contact messages and booked calls, so not in the export (those are). Kept by
 * address alone: on deletion, once the account proved the address, the lead keeps its stage
 * (the agency's figures) and loses the person; the agency's notes on them go.
 */
import { eq } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import { leadNotes, leads } from '#server/db/schema.ts';
import { personalData } from '#features/accounts/personal-data.ts';

export const leadData = personalData({
  name: 'leads',
  tables: [leads, leadNotes],
  async export() {
    return {};
  },
  async erase(tx, subject, now) {
    if (!subject.addressProven) return { statements: [] };
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.email, subject.email));
    if (!lead) return { statements: [] };
    return {
      statements: [
        build.delete(leadNotes).where(eq(leadNotes.leadId, lead.id)),
        build
          .update(leads)
          .set({
            name: subject.tombstoneName,
            email: subject.tombstoneEmail,
            phone: null,
            businessName: null,
            awaitingReplySince: null,
            checkoutLinkExpiresAt: null,
            updatedAt: new Date(now),
          })
          .where(eq(leads.id, lead.id)),
      ],
    };
  },
});

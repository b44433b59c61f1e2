/** GET /account/invoices/{id}.pdf: the invoice as a PDF, for its owner and admins; anyone else, the 404 page. */
import { notFound } from '#server/http/not-found.ts';
import { defineRead } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { invoiceForViewer, paymentInstructions } from '../customer-invoices.server.ts';
import { invoicePdf } from '../invoice-pdf.ts';

/** The route, given whether invoices can be paid online now (Stripe configured: payments knows). */
export const invoicePdfRoute = (online: () => boolean) =>
  defineRead({
    access: 'user',
    handle: async ({ context, user, database }) => {
      const id = recordId.safeParse(context.params.id);
      const invoice = id.success ? await invoiceForViewer(database.db, id.data, user) : null;
      if (!invoice) return notFound();
      return new Response(Buffer.from(invoicePdf(invoice, paymentInstructions(invoice, online()))), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="${invoice.number}.pdf"`,
          'Cache-Control': 'private, no-store',
        },
      });
    },
  });

/**
 * An invoice or credit note as a PDF: the same facts as its web page, laid out for print on US
 * Letter, with the lines carried over to further pages when they do not fit on one.
 */
import { addressLine, site } from '#data/site.ts';
import { formatAgencyDate } from '#lib/dates.ts';
import { PAGE, renderPdf, wrapText, type PdfPage, type TextRun } from '#lib/pdf.ts';
import { CREDIT_NOTE_COPY, INVOICE_COPY, PAYMENT_METHOD_LABELS, stateLabel } from './copy.ts';
import { howToPay } from './how-to-pay.ts';
import { invoiceState, type InvoiceWithLines } from './invoices.server.ts';
import { formatAmount, formatDocumentAmount, partPayment } from './money.ts';
import { formatPlanPeriod, invoicePeriod } from './plan-period.ts';

export interface PaymentInstructions {
  /** INVOICE_BANK_DETAILS, one line per line. */
  bankDetails: string | null;
  /** The 'Pay online' link, when Stripe is configured. */
  payOnlineUrl: string | null;
}

const MARGIN = 54;
const RIGHT = PAGE.width - MARGIN;
const COLUMNS = { quantity: 370, unit: 460, amount: RIGHT };
const DESCRIPTION_WIDTH = 290;
const LINE = 14;
/** Lines stop here and continue on the next page; below it sit the totals and the footer. */
const LINES_FLOOR = 200;

export function invoicePdf(invoice: InvoiceWithLines, payment: PaymentInstructions, now = Date.now()): Uint8Array {
  const credit = invoice.kind === 'credit_note';
  const title = credit ? INVOICE_COPY.creditNoteTitle : INVOICE_COPY.invoiceTitle;
  const state = invoiceState(invoice, now);
  const amount = (cents: number) => formatDocumentAmount(invoice, cents);
  const pages: PdfPage[] = [];
  let texts: TextRun[] = [];
  let rules: NonNullable<PdfPage['rules']> = [];
  let y = 0;

  const header = () => {
    texts.push(
      { x: MARGIN, y: 738, text: site.brand, size: 18, face: 'bold' },
      { x: MARGIN, y: 720, text: addressLine, size: 9 },
      { x: MARGIN, y: 708, text: `${site.email} · ${site.phone.display}`, size: 9 },
      { x: RIGHT, y: 738, text: title, size: 18, face: 'bold', align: 'right' },
      { x: RIGHT, y: 720, text: invoice.number, size: 11, face: 'bold', align: 'right' },
    );
  };
  const tableHead = () => {
    texts.push(
      { x: MARGIN, y, text: INVOICE_COPY.columns.description, size: 9, face: 'bold' },
      { x: COLUMNS.quantity, y, text: INVOICE_COPY.columns.quantity, size: 9, face: 'bold', align: 'right' },
      { x: COLUMNS.unit, y, text: INVOICE_COPY.columns.unitPrice, size: 9, face: 'bold', align: 'right' },
      { x: COLUMNS.amount, y, text: INVOICE_COPY.columns.amount, size: 9, face: 'bold', align: 'right' },
    );
    rules.push({ x1: MARGIN, y1: y - 6, x2: RIGHT, y2: y - 6, width: 0.75 });
    y -= LINE + 8;
  };
  const newPage = () => {
    pages.push({ texts, rules });
    texts = [];
    rules = [];
    header();
    y = 680;
    tableHead();
  };

  header();
  // A credit note is owed by nobody: no due date.
  const facts: [string, string][] = [
    [INVOICE_COPY.issued, formatAgencyDate(invoice.issuedAt)],
    ...(credit ? [] : [[INVOICE_COPY.due, formatAgencyDate(invoice.dueAt)] as [string, string]]),
    [INVOICE_COPY.status, stateLabel(invoice.kind, state)],
  ];
  facts.forEach(([label, value], i) => {
    texts.push(
      { x: 430, y: 690 - i * LINE, text: label, size: 9, gray: 0.35 },
      { x: RIGHT, y: 690 - i * LINE, text: value, size: 9, align: 'right' },
    );
  });
  texts.push(
    { x: MARGIN, y: 690, text: credit ? INVOICE_COPY.creditTo : INVOICE_COPY.billTo, size: 9, gray: 0.35 },
    { x: MARGIN, y: 676, text: invoice.customerName, size: 10, face: 'bold' },
    { x: MARGIN, y: 662, text: invoice.customerBusiness, size: 10 },
    { x: MARGIN, y: 648, text: invoice.customerEmail, size: 10 },
  );
  if (invoice.creditsNumber) {
    texts.push({ x: MARGIN, y: 630, text: CREDIT_NOTE_COPY.credits(invoice.creditsNumber), size: 10, face: 'bold' });
  }
  const period = invoicePeriod(invoice);
  if (period) {
    texts.push({ x: MARGIN, y: 630, text: `${INVOICE_COPY.period}: ${formatPlanPeriod(period)}`, size: 9 });
  }

  y = 600;
  tableHead();
  for (const line of invoice.lines) {
    const wrapped = wrapText(line.description, DESCRIPTION_WIDTH, 10);
    if (y - (wrapped.length - 1) * LINE < LINES_FLOOR) newPage();
    texts.push(
      { x: COLUMNS.quantity, y, text: String(line.quantity), size: 10, align: 'right' },
      { x: COLUMNS.unit, y, text: formatAmount(line.unitCents), size: 10, align: 'right' },
      { x: COLUMNS.amount, y, text: amount(line.amountCents), size: 10, align: 'right' },
    );
    for (const part of wrapped) {
      texts.push({ x: MARGIN, y, text: part, size: 10 });
      y -= LINE;
    }
    y -= 4;
  }
  rules.push({ x1: 330, y1: y + 6, x2: RIGHT, y2: y + 6, width: 0.75 });
  y -= 10;
  texts.push(
    {
      x: COLUMNS.unit,
      y,
      text: credit ? INVOICE_COPY.totalCredited : INVOICE_COPY.total,
      size: 11,
      face: 'bold',
      align: 'right',
    },
    { x: COLUMNS.amount, y, text: amount(invoice.totalCents), size: 11, face: 'bold', align: 'right' },
  );
  // Part of it paid: what was paid, then the balance, the amount the customer is asked for.
  const part = partPayment(invoice);
  if (part) {
    const rows: [string, number, 'regular' | 'bold'][] = [
      [INVOICE_COPY.paidSoFar, part.paidCents, 'regular'],
      [INVOICE_COPY.balanceDue, part.dueCents, 'bold'],
    ];
    for (const [label, cents, face] of rows) {
      y -= LINE + 2;
      texts.push(
        { x: COLUMNS.unit, y, text: label, size: 11, face, align: 'right' },
        { x: COLUMNS.amount, y, text: formatAmount(cents), size: 11, face, align: 'right' },
      );
    }
  }
  y -= LINE * 2;

  const notes: { text: string; bold?: boolean }[] = [];
  const how = howToPay(invoice, state, payment);
  if (state === 'void') {
    notes.push({ text: INVOICE_COPY.voided(invoice.voidReason ?? ''), bold: true });
  } else if (state === 'paid' && invoice.paidAt) {
    const method = invoice.paidMethod ? PAYMENT_METHOD_LABELS[invoice.paidMethod] : null;
    const settled = credit ? CREDIT_NOTE_COPY.refundedOn : INVOICE_COPY.paidOn;
    notes.push({ text: settled(formatAgencyDate(invoice.paidAt), method), bold: true });
  } else if (how) {
    notes.push({ text: INVOICE_COPY.howToPay, bold: true });
    if (how.payOnlineUrl) notes.push({ text: `${INVOICE_COPY.payOnline}: ${how.payOnlineUrl}` });
    if (how.bankLines.length > 0) {
      notes.push({ text: INVOICE_COPY.bankTransfer });
      for (const detail of how.bankLines) notes.push({ text: detail });
      notes.push({ text: how.reference });
    }
    if (how.askUs) notes.push({ text: how.askUs });
  }
  // A credit note issued by hand says why (wrapped: up to 300 characters).
  if (credit && invoice.creditReason) notes.push({ text: CREDIT_NOTE_COPY.reason(invoice.creditReason) });
  // The owner's note on an invoice written by hand.
  if (invoice.note) notes.push({ text: invoice.note });
  for (const note of notes) {
    for (const part of wrapText(note.text, RIGHT - MARGIN, 10, note.bold ? 'bold' : 'regular')) {
      if (y < 70) newPage();
      texts.push({ x: MARGIN, y, text: part, size: 10, face: note.bold ? 'bold' : 'regular' });
      y -= LINE;
    }
  }
  pages.push({ texts, rules });

  const count = pages.length;
  pages.forEach((page, i) => {
    page.texts.push({ x: MARGIN, y: 36, text: `${site.brand} · ${addressLine} · ${site.email}`, size: 8, gray: 0.35 });
    if (count > 1)
      page.texts.push({ x: RIGHT, y: 36, text: `${i + 1} / ${count}`, size: 8, gray: 0.35, align: 'right' });
  });
  return renderPdf(pages, { title: `${title} ${invoice.number}`, author: site.brand });
}

import { escapeHtml, mailLayout, type RenderedMail } from '#server/email/layout.ts';
import { orderNumber } from '#features/orders/order-number.ts';
import { answerText, INTAKE_STEPS } from './fields.ts';
import type { IntakeData } from './schema.ts';

/** To the agency: the whole intake, question by question, and where to open it. */
export function intakeSubmittedMail(
  intake: { orderId: string; businessName: string; data: IntakeData },
  { adminUrl }: { adminUrl: string },
): RenderedMail {
  const subject = `Intake submitted: ${intake.businessName} (${orderNumber(intake.orderId)})`.slice(0, 200);
  const sections = INTAKE_STEPS.map((step) => ({
    title: step.title,
    // A choice as the customer read it ('Yes, I already own one'), from the form's own option list.
    answers: step.fields.map((f) => [f.label, answerText(f, intake.data[f.name]).trim() || '(not answered)'] as const),
  }));
  const text = [
    subject,
    '',
    ...sections.flatMap((s) => [s.title.toUpperCase(), ...s.answers.map(([q, a]) => `${q}: ${a}`), '']),
    `Open it (uploads included): ${adminUrl}`,
  ].join('\n');
  const html = mailLayout(
    subject,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>${sections
      .map(
        (s) =>
          `<h2 style="font-size:16px">${escapeHtml(s.title)}</h2><dl>${s.answers
            .map(
              ([q, a]) =>
                `<dt style="font-weight:bold">${escapeHtml(q)}</dt><dd style="white-space:pre-wrap;margin:0 0 8px">${escapeHtml(a)}</dd>`,
            )
            .join('')}</dl>`,
      )
      .join('')}<p><a href="${escapeHtml(adminUrl)}">Open the intake</a></p>`,
  );
  return { subject, text, html };
}

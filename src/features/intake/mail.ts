import type { RenderedMail } from '#server/email/layout.ts';
import { fields, h1, h2, lines, link, p, renderMail } from '#server/email/template.ts';
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
  return renderMail({
    subject,
    audience: 'agency',
    body: [
      h1(subject),
      ...sections.map((s) => lines(h2(s.title), fields(s.answers))),
      p(link('Open it (uploads included)', adminUrl)),
    ],
  });
}

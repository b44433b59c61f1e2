/**
 * The website intake in the account's data export and deletion (accounts/personal-data.ts).
 * On deletion the answers that describe the person (the "Contact details for the site" step:
 * address, phone, e-mail) go; the rest (business, pages, brand, uploaded logos and photos) is
 * the agency's working record of what it built, and stays with the order.
 */
import { asc, eq } from 'drizzle-orm';
import { increment } from '#server/db/expressions.ts';
import { build, type WriteQuery } from '#server/db/index.ts';
import { intakeFiles, intakes } from '#server/db/schema.ts';
import { ownsIntake, ownsIntakeFile } from '#features/accounts/ownership.server.ts';
import { personalData } from '#features/accounts/personal-data.ts';
import { INTAKE_STEPS } from './fields.ts';

/** The intake answers that describe the person rather than the website. */
export const PERSONAL_INTAKE_FIELDS: readonly string[] =
  INTAKE_STEPS.find((step) => step.id === 'contact')?.fields.map((field) => field.name) ?? [];

/** The stored intake answers: text answers only, as saved (the JSON column is typed, not checked). */
function textAnswers(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export const intakeData = personalData({
  name: 'intakes',
  tables: [intakes, intakeFiles],
  async export({ db }, subject) {
    const rows = await db.select().from(intakes).where(ownsIntake(subject.id)).orderBy(asc(intakes.createdAt));
    // Uploaded files are listed, not included; their stored names are internal.
    const files = rows.length
      ? await db
          .select({
            intakeId: intakeFiles.intakeId,
            kind: intakeFiles.kind,
            originalName: intakeFiles.originalName,
            mimeType: intakeFiles.mimeType,
            bytes: intakeFiles.bytes,
            width: intakeFiles.width,
            height: intakeFiles.height,
            uploadedAt: intakeFiles.createdAt,
          })
          .from(intakeFiles)
          .where(ownsIntakeFile(subject.id))
          .orderBy(asc(intakeFiles.createdAt))
      : [];
    return {
      intakes: rows.map(({ userId: _owner, data, ...intake }) => ({
        ...intake,
        answers: data ?? {},
        files: files.filter((f) => f.intakeId === intake.id).map(({ intakeId: _intake, ...file }) => file),
      })),
    };
  },
  async erase(tx, subject, now) {
    const rows = await tx
      .select({ id: intakes.id, data: intakes.data })
      .from(intakes)
      .where(eq(intakes.userId, subject.id));
    const at = new Date(now);
    const statements: WriteQuery[] = rows.map((row) => {
      const kept = Object.fromEntries(
        Object.entries(textAnswers(row.data)).filter(([name]) => !PERSONAL_INTAKE_FIELDS.includes(name)),
      );
      return (
        build
          .update(intakes)
          // A new version, so a draft still open in a tab cannot write the answers back.
          .set({ data: kept, version: increment(intakes.version), updatedAt: at })
          .where(eq(intakes.id, row.id))
      );
    });
    return { statements, summary: { intakes: rows.length } };
  },
});

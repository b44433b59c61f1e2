/**
 * The one sanitiser at the mail boundary for text that becomes a mail header: the subject, the
 * addresses and an attachment's file name. A header is one line, so a line break in text someone
 * typed (a name, a request's page name) could end the subject and start a header of its own
 * (header injection), or break the subject in a mail program that honours Unicode line breaks.
 * Every kind of line break and every other control character becomes a space: CR, LF, vertical
 * tab, form feed, NEL (U+0085) and the rest of C0 and C1, and the Unicode line and paragraph
 * separators (U+2028, U+2029); a run of them, with white space around it, is one space.
 * outboxInsert applies it to what is stored, and the mailer again to what it sends (mail queued
 * before either existed included).
 */
const BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029\s]+/gu;

export const headerText = (value: string): string => value.replace(BREAKS_AND_CONTROLS, ' ').trim();

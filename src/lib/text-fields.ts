/**
 * Text fields for zod/mini schemas shared by islands and endpoints. What a visitor sends is
 * what is stored, or it is refused with a message: no control characters sneak into single-line
 * fields (a CR/LF in a subject, a NUL that would cut the stored text short), multi-line text
 * keeps its line breaks and tabs, and a number or list where text belongs gets a type message.
 */
import * as z from 'zod/mini';

/** C0 and C1 control characters (NUL, CR, LF, ESC, ...). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, minus tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export interface TextMessages {
  /** Missing or too short. */
  required: string;
  /** Not a string at all. */
  type: string;
  /** Contains characters the field refuses. */
  control: string;
}

/** A string, with `type` for a number/list/object and `required` when it is missing. */
export const textOf = (messages: Pick<TextMessages, 'required' | 'type'>) =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? messages.required : messages.type),
  });

export const noControlCharacters = (message: string, { multiline = false } = {}) =>
  z.refine<string>((value) => !(multiline ? CONTROL_IN_MULTILINE : CONTROL).test(value), message);

import { describe, expect, it } from 'vitest';
import { contactSchema } from './schema.ts';

const messagesFor = (input: unknown) => {
  const result = contactSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('contact schema', () => {
  it('uses exactly the required messages', () => {
    expect(messagesFor({ name: 'J', email: 'nope', message: 'too short' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      message: 'Message must be at least 10 characters',
    });
  });

  it('trims before checking lengths', () => {
    expect(messagesFor({ name: ' J ', email: ' a@b.co ', message: '   123456789   ' })).toEqual({
      name: 'Name must be at least 2 characters',
      message: 'Message must be at least 10 characters',
    });
    const ok = contactSchema.parse({ name: ' Jo ', email: ' jo@example.com ', message: ' 0123456789 ', subject: '  ' });
    expect(ok).toEqual({ name: 'Jo', email: 'jo@example.com', message: '0123456789', subject: undefined });
  });

  it('treats missing fields with the same messages and caps lengths', () => {
    expect(Object.keys(messagesFor({}))).toEqual(['name', 'email', 'message']);
    expect(
      messagesFor({ name: 'x'.repeat(101), email: 'a@b.co', message: 'x'.repeat(5001), subject: 'x'.repeat(151) }),
    ).toEqual({
      name: 'Name must be at most 100 characters',
      subject: 'Subject must be at most 150 characters',
      message: 'Message must be at most 5000 characters',
    });
  });

  it('stores the address lower-cased, so the writer is one lead however they type it', () => {
    const parsed = contactSchema.safeParse({
      name: 'Ann Lee',
      email: ' Ann.Lee@Example.COM ',
      message: 'Hello there, a website please.',
    });
    expect(parsed.success && parsed.data.email).toBe('ann.lee@example.com');
  });
});

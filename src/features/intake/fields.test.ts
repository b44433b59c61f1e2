import { describe, expect, it } from 'vitest';
import { answerText, INTAKE_FIELDS } from './fields.ts';

const field = (name: string) => {
  const found = INTAKE_FIELDS.find((f) => f.name === name);
  if (!found) throw new Error(`No question ${name}`);
  return found;
};

describe('answerText', () => {
  it('a choice reads as the label the form offered, not its stored value', () => {
    expect(answerText(field('domainStatus'), 'existing')).toBe('Yes, I already own one');
    expect(answerText(field('domainStatus'), 'desired')).toBe('No, please register one for me');
    expect(answerText(field('domainStatus'), 'unsure')).toBe('Not sure');
  });

  it('no answer stays empty (not "Choose one"); a value no longer offered is shown as stored', () => {
    expect(answerText(field('domainStatus'), '')).toBe('');
    expect(answerText(field('domainStatus'), undefined)).toBe('');
    expect(answerText(field('domainStatus'), 'retired-option')).toBe('retired-option');
  });

  it('typed answers are shown as typed, line breaks included', () => {
    expect(answerText(field('servicesOffered'), 'Cakes\nBread')).toBe('Cakes\nBread');
    expect(answerText(field('industry'), 'existing')).toBe('existing');
  });
});

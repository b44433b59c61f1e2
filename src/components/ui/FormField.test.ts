import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import FormFieldAstro from './FormField.astro';
import FormField from './FormField.tsx';

const container = await AstroContainer.create();
const astro = (props: Record<string, unknown>) => container.renderToString(FormFieldAstro, { props });
const react = (props: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(FormField, props as unknown as Parameters<typeof FormField>[0]));

const decode = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');

/** The value a browser reads from the text area in `html` (HTML drops one newline right after the tag). */
function valueIn(html: string): string | null {
  const content = /<textarea[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1];
  return content === undefined ? null : decode(content.replace(/^\n/, ''));
}

/** The attributes of the first tag named `tag`, sorted. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const open = new RegExp(`<${tag}\\s([^>]*?)\\/?>`).exec(html)?.[1] ?? '';
  // HTML attribute names are case-insensitive (React writes autoComplete); Astro's dev-only source markers are not markup.
  const pairs = [...open.matchAll(/([A-Za-z-]+)(?:="([^"]*)")?/g)]
    .map((m) => [m[1]!.toLowerCase(), decode(m[2] ?? '')] as const)
    .filter(([name]) => !name.startsWith('data-astro-source'));
  return Object.fromEntries(pairs.sort(([a], [b]) => a.localeCompare(b)));
}

describe('FormField.astro, the server-rendered twin of FormField.tsx', () => {
  it('a text area holds exactly its value: no formatting whitespace, a leading newline kept', async () => {
    for (const value of ['Wedding cakes\nBread', '\nStarts with a line break', '  indented  ', '<b>not markup</b>']) {
      const html = await astro({ id: 'f', label: 'Services offered', name: 's', multiline: true, defaultValue: value });
      expect(valueIn(html), JSON.stringify(value)).toBe(value);
      expect(
        valueIn(react({ id: 'f', label: 'Services offered', name: 's', multiline: true, defaultValue: value })),
      ).toBe(value);
    }
  });

  it('the same label, description, invalid state and attributes as the React field', async () => {
    const props = {
      id: 'email',
      label: 'Email',
      name: 'email',
      type: 'email',
      autoComplete: 'email',
      maxLength: 254,
      required: true,
      hint: 'We reply here',
      error: 'Please enter a valid email address',
      defaultValue: 'a@b.co',
    };
    const [a, r] = [await astro(props), react(props)];
    expect(attributesOf(a, 'input')).toEqual(attributesOf(r, 'input'));
    expect(attributesOf(a, 'label')).toEqual(attributesOf(r, 'label'));
    expect(a).toContain('Please enter a valid email address');
    expect(attributesOf(a, 'input')['aria-describedby']).toBe('email-hint email-error');
  });
});

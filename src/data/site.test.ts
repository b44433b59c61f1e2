import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { site, supportHoursLine } from './site.ts';

describe('one set of hours', () => {
  it('gives the footer, the contact panel, Markdown and structured data the same days and times', () => {
    const open = site.supportHours.filter((day) => day.hours !== 'Closed');
    expect(open.map((day) => `${day.days} ${day.hours}`)).toEqual([
      'Monday-Friday 9:00 AM-5:00 PM',
      'Saturday 10:00 AM-2:00 PM',
    ]);
    // The footer: the weekday line, then the weekend in the same words.
    expect(site.businessHours.display).toBe(`${open[0]?.days} ${open[0]?.hours} Eastern Time`);
    expect(site.businessHours.weekend).toBe(`${open[1]?.days} ${open[1]?.hours}`);
    // Markdown's {{supportHours}} and /thank-you.
    expect(supportHoursLine).toBe('Monday-Friday 9:00 AM-5:00 PM and Saturday 10:00 AM-2:00 PM, Eastern Time');
    // schema.org opening hours: the same two spans, Sunday closed.
    expect(site.businessHours.spec).toEqual([
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' },
      { days: ['Saturday'], opens: '10:00', closes: '14:00' },
    ]);
  });
});

describe("the agency's time zone", () => {
  it('is named once, in site.ts: every other module reads site.timeZoneId', () => {
    expect(site.timeZoneId).toBe('America/New_York');
    const files = ['src', 'scripts'].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(ts|tsx|astro|mjs)$/.test(file) && !/\.test\.ts$/.test(file))
        .map((file) => join(dir, file)),
    );
    const naming = files.filter((file) => readFileSync(file, 'utf8').includes("'America/New_York'"));
    expect(naming).toEqual([join('src', 'data', 'site.ts')]);
  });
});

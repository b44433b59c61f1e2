import { describe, expect, it, vi } from 'vitest';

vi.stubGlobal('__META_PIXEL_ID__', null);
const { pixelEvent } = await import('./pixel-event.ts');

describe('pixelEvent', () => {
  it('names the event and its parameters when the build has a pixel', () => {
    expect(pixelEvent('Lead', { content_name: 'Hero Call Now' }, '1234567890')).toEqual({
      'data-pixel-event': 'Lead',
      'data-pixel-params': '{"content_name":"Hero Call Now"}',
    });
  });

  it('adds nothing without a pixel', () => {
    expect(pixelEvent('Lead', { content_name: 'Hero Call Now' })).toEqual({});
    expect(pixelEvent('Lead', {}, null)).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { LINK_FORMAT_TEXT, linkError } from './links.js';

describe('linkError (SPEC 5.7 link texts)', () => {
  it('accepts paths, http(s), mailto, tel and anchors', () => {
    for (const ok of [
      '',
      '/shop',
      '/about#team',
      'https://example.com/x?y=1',
      'http://a.co',
      'mailto:a@b.co',
      'tel:+1 555 0100',
      '#top',
    ]) {
      expect(linkError(ok), ok).toBeUndefined();
    }
  });
  it('hints the format for a bare host', () => {
    expect(linkError('example.com')).toBe(LINK_FORMAT_TEXT);
    expect(LINK_FORMAT_TEXT).toBe('Links must be formatted as https://example.com or /page');
  });
  it('refuses the rest with the page URL text', () => {
    expect(linkError('javascript:alert(1)')).toBe('javascript:alert(1) is not a valid page URL');
    expect(linkError('//evil.example')).toBe('//evil.example is not a valid page URL');
    expect(linkError('/a b')).toBe('/a b is not a valid page URL');
    expect(linkError('mailto:nobody')).toBe('Emails must be formatted as an address with @');
  });
});

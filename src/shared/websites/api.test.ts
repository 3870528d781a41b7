import { describe, expect, it } from 'vitest';
import { normalizeDomain, slugFromTitle, slugProblem, WebsiteTexts } from './api.js';

describe('website rules', () => {
  it('accepts good slugs and names what is wrong with bad ones', () => {
    for (const ok of ['abc', 'blue-heron', 'shop2', 'a1-b2-c3'])
      expect(slugProblem(ok), ok).toBeNull();
    for (const bad of ['ab', '1abc', 'abc-', '-abc', 'a--b', 'ABC', 'a_b', 'a b', 'x'.repeat(41)])
      expect(slugProblem(bad), bad).toBe(WebsiteTexts.SLUG_FORMAT);
    expect(slugProblem('www')).toBe(WebsiteTexts.SLUG_RESERVED);
  });

  it('suggests a slug from a title', () => {
    expect(slugFromTitle('Blue Heron Studio!')).toBe('blue-heron-studio');
    expect(slugFromTitle('Café  Crème')).toBe('cafe-creme');
    expect(slugFromTitle('2024 Prints')).toBe('site-2024-prints');
    expect(slugFromTitle('うつわ')).toBe('');
  });

  it('normalizes host names and refuses what is not one', () => {
    expect(normalizeDomain(' Shop.Example.COM. ')).toBe('shop.example.com');
    expect(normalizeDomain('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
    for (const bad of [
      '',
      'localhost',
      'a..b.com',
      '-a.com',
      'a-.com',
      'a.b.c1',
      'http://a.com',
      'a.com/x',
      'a com.org',
      '1.2.3.4',
    ])
      expect(normalizeDomain(bad), bad).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { installmentInfoDocument, installmentInfoPageUrl } from './installment-info-page.js';

describe('installment information page (SPEC 4.4, 7, 9.1)', () => {
  it("defaults to the provider's public page per locale, Clearpay's host for en_GB", () => {
    expect(installmentInfoPageUrl('en_US')).toBe('https://www.afterpay.com/en-US/how-it-works');
    expect(installmentInfoPageUrl('fr_CA')).toBe('https://www.afterpay.com/fr-CA/how-it-works');
    expect(installmentInfoPageUrl('en_NZ')).toBe('https://www.afterpay.com/en-NZ/how-it-works');
    expect(installmentInfoPageUrl('en_GB')).toBe('https://www.clearpay.co.uk/en-GB/how-it-works');
  });

  it('fills a configured template with the locale in either spelling', () => {
    expect(installmentInfoPageUrl('en_AU', 'https://bnpl.example/modal/{locale}.html')).toBe(
      'https://bnpl.example/modal/en_AU.html',
    );
    expect(installmentInfoPageUrl('en_GB', '/bnpl/{localeTag}')).toBe('/bnpl/en-GB');
    expect(installmentInfoPageUrl('en_CA', '  ')).toBe(
      'https://www.afterpay.com/en-CA/how-it-works',
    );
  });

  it('points relative URLs and links of the page at the provider', () => {
    const url = 'https://p.example/a?x=1&y="2"';
    expect(
      installmentInfoDocument('<html><head lang="en"><title>t</title></head></html>', url),
    ).toBe(
      '<html><head lang="en"><base href="https://p.example/a?x=1&amp;y=&quot;2&quot;" target="_blank"><title>t</title></head></html>',
    );
    expect(installmentInfoDocument('<p>hi</p>', 'https://p.example/')).toBe(
      '<base href="https://p.example/" target="_blank"><p>hi</p>',
    );
    const own = '<head><base href="https://cdn.example/"></head>';
    expect(installmentInfoDocument(own, 'https://p.example/')).toBe(own);
  });
});

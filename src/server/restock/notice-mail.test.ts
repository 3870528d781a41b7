import { describe, expect, it } from 'vitest';
import { buildRestockNotice, variantLabelOf } from './notice-mail.js';

const nasty = 'Tea <Cup> & "Pot"';

function notice(language: string, variantLabel = variantLabelOf({ Size: 'M' }, language)) {
  return buildRestockNotice({
    siteId: 's1',
    to: 'a@example.com',
    siteTitle: 'Shop <&>',
    language,
    productName: nasty,
    variantLabel,
    productUrl: 'https://shop.example/p/cup?x=1&y="2"',
    unsubscribeUrl: 'https://shop.example/unsubscribe?token=t',
  });
}

describe('buildRestockNotice', () => {
  it('writes Japanese for a ja site, with the name raw in text and escaped in HTML', () => {
    const m = notice('ja-JP');
    expect(m.subject).toBe('「Tea <Cup> & "Pot"」が再入荷しました');
    expect(m.language).toBe('ja-JP');
    expect(m.text).toBe(
      [
        'お待たせいたしました。Shop <&>にて、ご希望の「Tea <Cup> & "Pot"（Size：M）」が再入荷いたしました。',
        '',
        '商品ページはこちら: https://shop.example/p/cup?x=1&y="2"',
        '',
        'このメールは、この商品の再入荷のお知らせをご希望いただいた方にお送りしています。',
      ].join('\n'),
    );
    expect(m.html).toContain(
      '<p>お待たせいたしました。Shop &lt;&amp;&gt;にて、ご希望の「<strong>Tea &lt;Cup&gt; &amp; &quot;Pot&quot;（Size：M）</strong>」が再入荷いたしました。</p>',
    );
    expect(m.html).toContain(
      '<a href="https://shop.example/p/cup?x=1&amp;y=&quot;2&quot;">商品ページを見る</a>',
    );
    expect(m.html).not.toMatch(/<Cup>|"Pot"|Shop <&>/);
  });

  it('keeps the English mail as it was, escaping the same way', () => {
    const m = notice('en-US');
    expect(m.subject).toBe('Tea <Cup> & "Pot" is back in stock');
    expect(m.text).toBe(
      [
        'Good news: Tea <Cup> & "Pot" (Size: M) is back in stock at Shop <&>.',
        '',
        'Shop now: https://shop.example/p/cup?x=1&y="2"',
        '',
        'You are getting this email because you asked to be told when this item is back in stock.',
      ].join('\n'),
    );
    expect(m.html).toBe(
      '<!doctype html><html lang="en-US"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width,initial-scale=1">' +
        '<title>Tea &lt;Cup&gt; &amp; &quot;Pot&quot; is back in stock</title></head>' +
        '<body style="font-family:system-ui,sans-serif;line-height:1.5">' +
        '<p>Good news: <strong>Tea &lt;Cup&gt; &amp; &quot;Pot&quot; (Size: M)</strong> is back in stock at Shop &lt;&amp;&gt;.</p>' +
        '<p><a href="https://shop.example/p/cup?x=1&amp;y=&quot;2&quot;">Shop now</a></p>' +
        '<p style="font-size:12px;color:#666">You are getting this email because you asked to be ' +
        'told when this item is back in stock.</p></body></html>',
    );
  });

  it('falls back to English for a language without texts', () => {
    for (const language of ['fr-FR', 'de', '', 'constructor', '__proto__']) {
      const m = notice(language);
      expect(m.subject).toBe('Tea <Cup> & "Pot" is back in stock');
      expect(m.text).toContain('(Size: M)');
      expect(m.html).toContain('>Shop now</a>');
    }
  });

  it('picks Japanese by the primary language subtag, whatever its case or region', () => {
    for (const language of ['ja', 'JA', 'ja-JP', 'ja_JP', 'ja-Jpan-JP']) {
      expect(notice(language).subject).toMatch(/再入荷しました$/);
    }
  });

  it('leaves the variant out when there is none, and keeps line breaks out of the subject', () => {
    const m = buildRestockNotice({
      siteId: 's1',
      to: 'a@example.com',
      siteTitle: 'Shop',
      language: 'ja-JP',
      productName: 'Cup\r\nBcc: x@example.com',
      variantLabel: '',
      productUrl: 'https://shop.example/p/cup',
      unsubscribeUrl: 'https://shop.example/unsubscribe?token=t',
    });
    expect(m.subject).toBe('「Cup Bcc: x@example.com」が再入荷しました');
    expect(m.text).toContain('「Cup Bcc: x@example.com」');
  });
});

describe('variantLabelOf', () => {
  it('joins the attributes the language’s way', () => {
    const attrs = { サイズ: 'M', カラー: '青' };
    expect(variantLabelOf(attrs, 'ja-JP')).toBe('サイズ：M、カラー：青');
    expect(variantLabelOf({ Size: 'M', Color: 'Blue' }, 'en-US')).toBe('Size: M, Color: Blue');
    expect(variantLabelOf({ Size: 'M', Color: 'Blue' }, 'fr-FR')).toBe('Size: M, Color: Blue');
  });
});

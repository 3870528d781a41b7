/**
 * The provider's information page shown in the installment modal (SPEC 4.4, SPEC 7: a GET of a
 * third-party page by locale whose failure is only warned about). A site may point it elsewhere
 * (`StoreSettingsJson.installmentInfoUrl`): a page the provider publishes for embedding, or a
 * same-origin copy, since the shopper's browser must be allowed to read it (CORS).
 */

/** The provider's public page per SPEC 9.1 locale; Clearpay (en_GB) has its own host. */
export const DEFAULT_INSTALLMENT_INFO_URL = 'https://www.afterpay.com/{localeTag}/how-it-works';
export const DEFAULT_INSTALLMENT_INFO_URL_GB =
  'https://www.clearpay.co.uk/{localeTag}/how-it-works';

/**
 * The page's URL for a supported locale ('en_US', 'fr_CA', …). A configured template may use
 * `{locale}` (en_US) and `{localeTag}` (en-US); without one, the provider's public page.
 */
export function installmentInfoPageUrl(locale: string, template?: string): string {
  const t =
    template?.trim() ||
    (locale === 'en_GB' ? DEFAULT_INSTALLMENT_INFO_URL_GB : DEFAULT_INSTALLMENT_INFO_URL);
  return t
    .replaceAll('{locale}', encodeURIComponent(locale))
    .replaceAll('{localeTag}', encodeURIComponent(locale.replace('_', '-')));
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The fetched HTML made ready for a srcdoc frame: a srcdoc document's base URL is the shop's page,
 * so a <base> pointing at the provider makes its relative images, styles and links resolve there,
 * and `target="_blank"` opens its links in a new tab instead of inside the small frame. A page
 * with its own <base> keeps it.
 */
export function installmentInfoDocument(html: string, pageUrl: string): string {
  if (/<base[\s>]/i.test(html)) return html;
  const base = `<base href="${escapeAttr(pageUrl)}" target="_blank">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) {
    const at = head.index + head[0].length;
    return html.slice(0, at) + base + html.slice(at);
  }
  return base + html;
}

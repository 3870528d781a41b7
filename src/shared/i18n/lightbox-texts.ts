/**
 * The lightbox's texts per site language (SPEC 2.2). Their own table, fetched with the lightbox
 * on first use, so the storefront texts every page loads do not carry them.
 */
import { byLanguage } from './by-language.js';

const EN = {
  lightboxText: 'Image viewer',
  closeText: 'Close',
  previousText: 'Previous image',
  nextText: 'Next image',
  countText: '{n} of {total}',
};

export type LightboxTexts = { readonly [K in keyof typeof EN]: string };

const JA: LightboxTexts = {
  lightboxText: '画像ビューアー',
  closeText: '閉じる',
  previousText: '前の画像',
  nextText: '次の画像',
  countText: '{n} / {total}',
};

/** The lightbox's texts for a language code ('ja', 'ja-JP'…); English otherwise. */
export function lightboxTexts(language: string | undefined | null): LightboxTexts {
  return byLanguage<LightboxTexts>({ en: EN, ja: JA }, language, EN);
}

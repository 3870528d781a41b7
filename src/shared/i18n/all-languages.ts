/**
 * Every language's tables at once, for the server (it renders every site's islands and pages)
 * and for tests. Browsers never import this: they load their page's language area by area
 * (`src/browser/islands/language-texts.ts`).
 */
import { registerTexts } from './text-packs.js';
import jaCheckout from './ja/checkout.js';
import jaComments from './ja/comments.js';
import jaForms from './ja/forms.js';
import jaMessages from './ja/messages.js';
import jaStorefront from './ja/storefront.js';
import jaSubscriptions from './ja/subscriptions.js';

export function registerAllLanguages(): void {
  registerTexts('ja', 'storefront', jaStorefront);
  registerTexts('ja', 'forms', jaForms);
  registerTexts('ja', 'checkout', jaCheckout);
  registerTexts('ja', 'comments', jaComments);
  registerTexts('ja', 'messages', jaMessages);
  registerTexts('ja', 'subscriptions', jaSubscriptions);
}

import { chromium } from 'playwright-core';
const base = 'http://jp.localhost:3105';
const out = '/work/shots/ja';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const pages = [
  ['home', '/'], ['product', '/shop/p/uji-sencha'], ['soldout', '/shop/p/kuro-raku-chawan'], ['404', '/no-such-page'],
  ['search', '/search?q=%E8%8C%B6'], ['search-empty', '/search?q=zzzz'], ['blog', '/blog'], ['blog-post', '/blog/hagi-nanabake'],
  ['events', '/events'], ['gallery', '/gallery'], ['contact', '/contact'], ['unsubscribe', '/unsubscribe?token=bad'],
];
for (const width of [390, 1440]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const page = await ctx.newPage();
  for (const [name, path] of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 400) { scrollTo(0, y); await new Promise(r => setTimeout(r, 60)); } scrollTo(0, 0); });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  }
  // contact form errors
  await page.goto(base + '/contact', { waitUntil: 'networkidle' });
  const form = page.locator('[data-island="form-block"]');
  await form.scrollIntoViewIfNeeded(); await page.waitForSelector('[data-island="form-block"][data-hydrated="true"]');
  await form.locator('button.form-submit').click(); await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/contact-errors-${width}.png`, fullPage: true });
  // add to cart error alert
  await page.goto(base + '/shop/p/hagi-yunomi', { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-island="product-form"][data-hydrated="true"]');
  await page.locator('[data-island="product-form"] button.pi-button').click();
  await page.waitForSelector('[role="alertdialog"]'); await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/alert-${width}.png` });
  // cart + checkout
  await page.goto(base + '/shop', { waitUntil: 'networkidle' });
  await page.evaluate(async () => {
    const m = /(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie);
    await fetch('/api/commerce/shopping-cart/entries', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': m ? decodeURIComponent(m[1]) : '' }, body: JSON.stringify({ itemId: 'jp-sencha', sku: 'KW-SENCHA-50', quantity: 4 }) });
  });
  await page.goto(base + '/cart', { waitUntil: 'networkidle' }); await page.waitForSelector('.ci-checkout'); await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/cart-${width}.png`, fullPage: true });
  await page.locator('.ci-checkout').click(); await page.waitForURL(u => u.pathname === '/checkout');
  await page.getByLabel('メールアドレス', { exact: true }).waitFor(); await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/checkout-${width}.png`, fullPage: true });
  await page.getByLabel('メールアドレス', { exact: true }).fill('shot@example.jp');
  await page.getByRole('button', { name: '次へ進む' }).click();
  await page.getByLabel('姓', { exact: true }).waitFor(); await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/checkout-address-${width}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();

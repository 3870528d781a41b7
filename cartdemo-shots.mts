import { chromium, type Page } from 'playwright-core';
const BASE = process.env.BASE ?? 'http://localhost:3103';
const OUT = '/work/shots/cartdemo';
const widths = (process.env.WIDTHS ?? '390,1440').split(',').map(Number);
const only = process.env.ONLY?.split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function add(page: Page, body: object) {
  return page.evaluate(async (body) => {
    const m = /(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie);
    const res = await fetch('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': m ? decodeURIComponent(m[1]!) : '' },
      body: JSON.stringify(body),
    });
    return res.status;
  }, body);
}
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const w of widths) {
  const ctx = await browser.newContext({ viewport: { width: w, height: w < 800 ? 844 : 900 }, deviceScaleFactor: w < 800 ? 2 : 1 });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', String(e)));
  page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
  const shot = async (name: string, full = true) => {
    await page.screenshot({ path: `${OUT}/${name}-${w}.png`, fullPage: full });
    console.log(name, w, 'overflow', await overflow(page));
  };
  if (!only || only.includes('cart')) {
    await page.goto(BASE + '/');
    console.log(await add(page, { itemId: 'demo-tidepool-mug', sku: 'SM-MUG-OAT', quantity: 1, additionalFields: null }));
    console.log(await add(page, { itemId: 'demo-custom-mug', sku: 'SM-MUG-CUSTOM', quantity: 1, additionalFields: JSON.stringify({ name: 'Maya' }) }));
    console.log(await add(page, { itemId: 'demo-marsh-apron', sku: 'SM-APR-SM-INDIGO', quantity: 2, additionalFields: null }));
    await page.goto(BASE + '/cart');
    await page.waitForSelector('[data-island="cart-page"] section:not([aria-busy])');
    await page.waitForFunction(() => [...document.querySelectorAll('img.ci-thumb')].every((i) => (i as HTMLImageElement).complete));
    await shot('cart');
    await page.goto(BASE + '/checkout');
    await page.waitForSelector('.co-summary .co-lines li');
    await page.waitForTimeout(500);
    await shot('checkout');
  }
  if (!only || only.includes('popover')) {
    await page.goto(BASE + '/shop');
    const card = page.locator('.product-card', { hasText: 'Personalised Name Mug' });
    await card.scrollIntoViewIfNeeded();
    await card.locator('.pi-grid-add button').click();
    const form = page.locator('[data-testid="custom-form"]');
    await form.waitFor();
    await shot('custom-form', false);
    await form.locator('input[type=text]').first().fill('Maya');
    await form.locator('button[type=submit]').click();
    const pop = page.locator('[data-testid="added-popover"]');
    await pop.waitFor();
    await pop.hover();
    await page.waitForTimeout(400);
    await shot('popover', false);
  }
  for (const [name, path] of [['events', '/events'], ['workshop', '/shop/p/workshop-booking'], ['namemug', '/shop/p/personalised-name-mug'], ['apron', '/shop/p/marsh-linen-apron']] as const) {
    if (only && !only.includes(name)) continue;
    await page.goto(BASE + path);
    await page.waitForLoadState('networkidle');
    await shot(name);
  }
  await ctx.close();
}
await browser.close();

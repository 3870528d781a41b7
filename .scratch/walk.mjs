import { chromium } from 'playwright-core';
const base = process.env.BASE || 'http://jp.localhost:3105';
const paths = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
for (const p of paths) {
  const r = await page.goto(base + p, { waitUntil: 'networkidle' }).catch(e => null);
  await page.waitForTimeout(800);
  const texts = await page.evaluate(() => {
    const out = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walker.nextNode())) {
      const t = n.textContent.trim();
      if (t && /[A-Za-z]{2,}/.test(t) && n.parentElement && !['SCRIPT','STYLE'].includes(n.parentElement.tagName)) out.add(t);
    }
    for (const el of document.querySelectorAll('[placeholder],[aria-label],[title],[alt],input[type=submit],button')) {
      for (const a of ['placeholder','aria-label','title','alt','value']) {
        const v = el.getAttribute(a); if (v && /[A-Za-z]{2,}/.test(v)) out.add(`@${a}=${v}`);
      }
    }
    out.add('#title=' + document.title);
    return [...out];
  });
  console.log(`\n=== ${p} (${r?.status()})`);
  for (const t of texts) console.log('  ' + t.slice(0, 160).replace(/\s+/g, ' '));
}
await browser.close();

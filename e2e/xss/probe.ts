import type { BrowserContext, Page } from 'playwright-core';

/** What a view did that it must not: a canary call, a dialog, injected markup, a CSP refusal. */
export interface Finding {
  view: string;
  what: string;
}

/**
 * The canaries of one browser context: `window.__xss(id)` (a binding every page and frame of
 * the context gets before any of its scripts run), `alert/confirm/prompt` (dialog events), and
 * console lines about a Content-Security-Policy refusal (on /config an injected inline handler
 * is blocked by the policy: still an injection). `view` names what is being rendered now.
 */
export class Canaries {
  readonly findings: Finding[] = [];
  view = '(none)';

  /** Arms every page of `context` (call before opening its pages). */
  async attach(context: BrowserContext): Promise<BrowserContext> {
    await context.exposeBinding('__xss', (source, id: unknown) => {
      this.findings.push({
        view: this.view,
        what: `canary __xss(${String(id)}) ran in ${source.frame.url()}`,
      });
    });
    context.on('page', (page) => this.watch(page));
    return context;
  }

  /** What was found in views whose name starts with `prefix`. */
  of(prefix: string): string[] {
    return this.findings
      .filter((f) => f.view.startsWith(prefix))
      .map((f) => `${f.view}: ${f.what}`);
  }

  watch(page: Page): void {
    page.on('dialog', (d) => {
      this.findings.push({ view: this.view, what: `dialog ${d.type()}(${d.message()})` });
      void d.dismiss().catch(() => undefined);
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text()))
        this.findings.push({ view: this.view, what: `CSP refusal: ${m.text().slice(0, 300)}` });
    });
    page.on('pageerror', (e) => {
      // A payload that broke out of a script would most likely surface as a syntax error.
      this.findings.push({ view: this.view, what: `page error: ${String(e).slice(0, 300)}` });
    });
  }
}

/**
 * Injected markup in the rendered document (and same-origin frames): an element carrying the
 * corpus's `data-xss`, an event-handler attribute or executable script holding `__xss`, a
 * `javascript:` URL in a URL attribute, a CSS `expression(` / `javascript:` in a style, or a
 * JSON-T marker evaluated (`TPLHIT` not inside its own `{.if}` braces).
 */
export async function scanPage(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const frame of page.frames()) {
    const hits = await frame
      .evaluate(() => {
        const found: string[] = [];
        const describe = (el: Element) => el.outerHTML.slice(0, 160);
        const urlAttr = /^(href|src|action|formaction|xlink:href|data|poster|background)$/i;
        for (const el of Array.from(document.querySelectorAll('*'))) {
          if (el.hasAttribute('data-xss')) found.push(`data-xss element: ${describe(el)}`);
          for (const a of Array.from(el.attributes)) {
            if (/^on/i.test(a.name) && a.value.includes('__xss'))
              found.push(`handler ${a.name}: ${describe(el)}`);
            if (urlAttr.test(a.name) && /^\W*javascript:/i.test(a.value))
              found.push(`javascript: URL in ${a.name}: ${describe(el)}`);
            if (a.name === 'style' && /expression\(|javascript:/i.test(a.value))
              found.push(`style: ${describe(el)}`);
            if (a.name === 'srcdoc') found.push(`srcdoc: ${describe(el)}`);
          }
          if (
            el.tagName === 'SCRIPT' &&
            !/json/i.test((el as HTMLScriptElement).type) &&
            (el.textContent ?? '').includes('__xss')
          )
            found.push(`script: ${describe(el)}`);
          if (el.tagName === 'BASE') found.push(`base: ${describe(el)}`);
        }
        const text = document.documentElement.textContent ?? '';
        for (let i = text.indexOf('TPLHIT'); i >= 0; i = text.indexOf('TPLHIT', i + 1)) {
          // Not evaluated: still right after its own `{.if website}` (maybe percent-encoded).
          if (!/(\}|%7D)$/i.test(text.slice(0, i)))
            found.push(`template evaluated: …${text.slice(i - 30, i + 10)}…`);
        }
        return found;
      })
      .catch((e: unknown) => [`scan failed: ${String(e)}`]);
    out.push(
      ...hits.map((h) => `${frame === page.mainFrame() ? '' : `[frame ${frame.url()}] `}${h}`),
    );
  }
  return out;
}

/** Scans the page and records what it found under the current view. */
export async function check(canaries: Canaries, page: Page): Promise<void> {
  for (const what of await scanPage(page)) canaries.findings.push({ view: canaries.view, what });
}

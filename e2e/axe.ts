import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, read once; injected as an inline script (contexts bypass the CSP). */
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets that matter here: WCAG 2.x A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Runs axe-core on the page as it is now; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: axeSource });
  }
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as { violations: unknown[] };
    return result.violations;
  }, AXE_TAGS);
  return (violations as AxeViolation[]).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
}

/** Violations found across pages, grouped so one broken partial reads as one finding. */
export class ViolationReport {
  private readonly found = new Map<string, { text: string; where: string[] }>();

  add(where: string, violations: AxeViolation[]): void {
    for (const v of violations) {
      for (const n of v.nodes) {
        const target = n.target.map(String).join(' ');
        const key = `${v.id} ${target}`;
        const summary = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
        const text = [
          `${v.impact} ${v.id}: ${v.help}`,
          `  ${v.helpUrl.replace(/\?.*$/, '')}`,
          `  element: ${target}`,
          `  html:    ${n.html.replace(/\s+/g, ' ').slice(0, 240)}`,
          ...(summary ? [`  fix:     ${summary.slice(0, 400)}`] : []),
        ].join('\n');
        const entry = this.found.get(key) ?? { text, where: [] };
        entry.where.push(where);
        this.found.set(key, entry);
      }
    }
  }

  /** '' when nothing was found; otherwise every finding with the pages it was seen on. */
  toString(): string {
    return [...this.found.values()]
      .map(({ text, where }) => {
        const shown = where.slice(0, 6).map((w) => `    - ${w}`);
        if (where.length > 6) shown.push(`    … and ${where.length - 6} more pages`);
        return `${text}\n  on ${where.length} page(s):\n${shown.join('\n')}`;
      })
      .join('\n\n');
  }
}

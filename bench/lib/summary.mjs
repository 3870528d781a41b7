// Writes bench/README.md: what is measured, how, and the latest figures against the targets.
import fs from 'node:fs';

const fmt = (v, unit = '') =>
  v === undefined || v === null || Number.isNaN(v) ? '—' : `${v}${unit}`;
const mark = (ok) => (ok === undefined ? '' : ok ? ' ✅' : ' ❌');

export function writeSummary(latest, file) {
  const s = latest.sections;
  const rows = [];
  const row = (what, figure, target, ok) =>
    rows.push(`| ${what} | ${figure} | ${target}${mark(ok)} |`);
  if (s.pages && !s.pages.error) {
    const p = s.pages;
    row(
      'cached product page / bare node:http (req/s)',
      `${p.cached.rps} / ${p.bare.rps} = **${p.cachedOverBare}×**`,
      '≥ 0.8×',
      p.cachedOverBare >= 0.8,
    );
    row(
      'uncached product page (req/s, one process)',
      `**${p.uncached.rps}** (${p.uncachedOverBare}× bare)`,
      '≥ 1,000',
      p.uncached.rps >= 1000,
    );
  }
  if (s.startup && !s.startup.error) {
    row(
      'start to listening, built and seeded (median in-process / wall)',
      `**${s.startup.medianInProcessMs} ms** / ${s.startup.medianWallMs} ms`,
      '< 2 s',
      s.startup.medianWallMs < 2000,
    );
  }
  if (s.js && !s.js.error) {
    for (const [p, v] of Object.entries(s.js)) {
      const kb = +(v.totalGzip / 1024).toFixed(1);
      row(
        `JS loaded by ${p} (gzip)`,
        `**${kb} KB** in ${v.files.length} files, ${v.renderBlockingScripts.length} render-blocking`,
        '≤ 70 KB, none blocking',
        kb <= 70 && v.renderBlockingScripts.length === 0,
      );
    }
  }
  if (s.lighthouse && !s.lighthouse.error) {
    for (const [p, v] of Object.entries(s.lighthouse)) {
      row(
        `Lighthouse mobile performance ${p}`,
        `**${v.score}** (FCP ${v.fcpMs} ms, LCP ${v.lcpMs} ms, TBT ${v.tbtMs} ms, CLS ${v.cls})`,
        '≥ 95, CLS < 0.05',
        v.score >= 95 && v.cls < 0.05,
      );
    }
  }
  for (const key of ['cart', 'forms', 'ingest', 'restock']) {
    const v = s[key];
    if (v && !v.error && Array.isArray(v.rows))
      for (const r of v.rows) row(r.what, r.figure, r.target, r.ok);
  }
  const errors = Object.entries(s)
    .filter(([, v]) => v?.error)
    .map(([k, v]) => `- \`${k}\`: ${String(v.error).split('\n')[0]}`);
  const m = latest.machine;
  const text = `# Benchmarks

\`npm run bench\` builds the project, seeds the demo into a fresh data directory, and measures each
target in one run on this machine, as a ratio against a baseline measured in the same run where
the target is relative. Run a subset with \`npm run bench -- pages js\`. Raw figures of every run are
in \`results/\`; \`results/latest.json\` holds the newest figure of each section.

How: load comes from autocannon on loopback (32 connections, 8 s after a 2 s warm-up unless a
section says otherwise); the bare baseline is a \`node:http\` server sending the same bytes with the
same content type; JS weight is every script Chromium loads on a mobile viewport within 2.5 s of
\`load\` (islands hydrate when idle), gzipped at level 9; Lighthouse runs its default mobile
configuration in the system Chromium. Latency "p97.5" is autocannon's nearest percentile to p95
(stricter).

## Latest results (${latest.date}, ${m.cpus} × ${m.cpuModel}, ${m.memGiB} GiB, Node ${m.node})

| what | measured | target |
|---|---|---|
${rows.join('\n')}
${errors.length ? `\nSections that failed in the latest run:\n${errors.join('\n')}\n` : ''}`;
  fs.writeFileSync(file, text);
}

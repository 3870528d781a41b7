// Writes bench/README.md: what is measured, how, and the latest figures against the targets.
import fs from 'node:fs';

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
      // Issue 13: every published page (checkout included) loads at most 50 KB gzip of JS.
      const budget = 50;
      row(
        `JS loaded by ${p} (gzip)`,
        `**${kb} KB** in ${v.files.length} files, ${v.renderBlockingScripts.length} render-blocking`,
        `≤ ${budget} KB, none blocking`,
        kb <= budget && v.renderBlockingScripts.length === 0,
      );
    }
  }
  if (s['editor-js'] && !s['editor-js'].error) {
    for (const [p, v] of Object.entries(s['editor-js'])) {
      const kb = +(v.totalGzip / 1024).toFixed(1);
      // Issue 13: the editor's first load, rich text and charts left for when they are opened.
      row(
        `JS loaded by ${p}, signed in as the owner (gzip)`,
        `**${kb} KB** in ${v.files.length} files, ${v.renderBlockingScripts.length} render-blocking`,
        '≤ 150 KB',
        kb <= 150,
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
  const loads = [];
  for (const key of ['cart', 'orders', 'forms', 'ingest', 'restock', 'catalog', 'builder']) {
    const v = s[key];
    if (v && !v.error && Array.isArray(v.rows))
      for (const r of v.rows) row(r.what, r.figure, r.target, r.ok);
    if (v?.loadAverage) loads.push(`${key} ${v.loadAverage.map((x) => x.toFixed(1)).join(' / ')}`);
  }
  if (s.scale && !s.scale.error) {
    const c = s.scale;
    const note = c.note ? ` — ${c.note}` : '';
    row(
      'cached product page on PostgreSQL: WORKERS=2 / one process (req/s)',
      `${c.twoWorkers.rps} / ${c.oneProcess.rps} = **${c.ratio}×**${note}` +
        (c.oneProcess.senderCpuS !== undefined
          ? ` (lean closed-loop sender on the same 2 cores, Brotli, 32 connections; sender CPU ` +
            `${c.oneProcess.senderCpuS} s / ${c.twoWorkers.senderCpuS} s of ${c.oneProcess.seconds} s` +
            (c.oneProcess.serverCpuUsPerRequest !== undefined
              ? `; server CPU per request ${c.oneProcess.serverCpuUsPerRequest} µs / ` +
                `${c.twoWorkers.serverCpuUsPerRequest} µs)`
              : ')')
          : ''),
      '≥ 1.6×',
      c.note ? undefined : c.ratio >= 1.6,
    );
    row(
      'stale cart adds on process B after a stock change through process A (200 adds)',
      `**${c.stockChange.staleAdds}** (first refusal ${Math.round(c.stockChange.seenAfterMs)} ms after the change was answered)`,
      '0, seen < 1 s',
      c.stockChange.staleAdds === 0 && c.stockChange.seenAfterMs < 1000,
    );
    row(
      'sign-in attempts from one address spread over two processes',
      `**${c.signInAcrossProcesses.allowed}** of ${c.signInAcrossProcesses.of} allowed`,
      'exactly 10',
      c.signInAcrossProcesses.allowed === 10,
    );
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
configuration in the system Chromium. JS weight (issue 13: at most 50 KB on every published
page): before 2026-11-25 15:30, \`/\` loaded 55.3 KB, /shop 55.8, the product page 56.2, /cart
39.5, /checkout 48.6 and a blog post 35.6 (docs/islands.md "What a page loads" says what changed).
Both demo stores are measured: the English one and the Japanese one (\`jp.localhost\`, its own
language tables); '/checkout with a cart' is the page as a shopper with one line in the cart
(added through the cart API in the browser, \`cartCookies\` in \`lib/browser.mjs\`) loads it.
Before 2026-11-28 the Japanese checkout loaded 50.6 KB (English 47.3).
The editor's weight (\`editor-js\`) is /config's first screen as the signed-in demo owner sees it
(the overview, with its chart library), the same way; rich text and CodeMirror load when opened.
Latency "p97.5" is autocannon's nearest percentile to p95 (stricter). Cart adds
(\`lib/cart.mjs\`): the target's adds/s and p99 are those of a closed loop of 64 connections
(autocannon), each sending its next add when the last is answered. Beside them, the p99 of adds
offered at the target rate (500/s PGlite, 1,500/s PostgreSQL) by an open-loop generator spacing
them evenly over up to 64 connections (\`lib/paced.mjs\`, its own process), 10 s
after the closed loop so each cart's rate-limit window has lapsed: a stall of the machine shows
there in full, where a closed loop just sends less meanwhile.

Cart, orders, forms, ingest and restock (\`lib/{cart,orders,forms,ingest,restock}.mjs\`) start their own servers;
the PostgreSQL ones on a database created for the run and dropped after it (the server migrates
and seeds its demo there). Simulated visitors differ by cookies and \`X-Forwarded-For\` (the server
runs with \`TRUST_PROXY=true\`), so per-visitor rate limits keep their defaults; only per-website
limits are raised, and the row says so. A run with a 429 or any other failure is marked invalid.
Where a section checks that every 2xx was stored, the measured run is a fixed number of requests
(autocannon \`amount\`): a timed run drops the answers still in flight when its clock stops, which
the server has nonetheless applied. "Server CPU" is the server process's CPU time per operation
(from \`/proc\`): it holds better than a rate when other work shares the machine's two cores.
Latencies compared between runs are exact per-response times (autocannon's histogram keeps whole
milliseconds), with autocannon's coordinated-omission correction off (it assumes a 1 ms interval).
Scale (\`lib/scale.mjs\`, PostgreSQL): the cached product page with one process, then with
\`WORKERS=2\` on the same port, each loaded for 8 s by a lean closed-loop sender
(\`lib/closed-lean.mjs\`: prepared request bytes, a minimal response reader, \`Accept-Encoding: br\`
as browsers send) running on the same two cores — with autocannon the sender was the limit (6,110
vs 6,090 req/s), and there is no third core to pin it to. Four runs on 2026-11-25 gave 1.57×, 1.67×,
1.14× and 1.94×: one process's own CPU per request moved between runs (about 90 to 153 µs) on this
shared machine, so read the ratio with the server CPU per request printed beside it (two workers
never used more per request than one process); then two separate processes on one database: B caches a product
through 20 adds, the owner sets its stock to 0 through A's inventory API, and every one of B's next
200 adds answered 200 is stale; then 25 sign-in attempts from one address alternate between A and B.
Page builder (\`lib/builder.mjs\`, issue 13): in Chromium the owner types one character at a
time into the home page's first heading in the builder (about 4 keys a second); each sample runs
from the keydown to the preview frame's heading showing the new text (a 60 ms debounce,
\`POST /api/content/preview\` of that one section, the swap in the frame). Recorded once, on
2026-11-25, while four other engineers' builds and tests shared the machine's two cores.
Fuzz (issue 11; not part of \`npm run bench\`): \`node bench/fuzz.mjs [requests per route]\` runs the
fuzz suite of \`npm test\` (\`src/server/fuzz/\`) long, on PGlite and, with \`DATABASE_URL\`, PostgreSQL.
Last long run (2026-11-25, 350 per route, this machine shared with other work): **21,000 requests
over 60 routes on each backend, 0 × 5xx**, no refused request changed a row count (529 s for both).
The first such run found one 500 on PostgreSQL (\`?limit=1e400\`), fixed before this one.
Orders (\`lib/orders.mjs\`): orders/s from a closed loop of 64 connections; the p99 is that of
placements offered at the target rate (200/s PGlite, 500/s PostgreSQL) by the same open-loop
generator over up to 64 connections, each from a fresh shopper's cart. A closed loop at saturation
measures its own queue (its mean latency is 64 / throughput: 128 ms at 500/s), so its p99 is shown
beside, not judged. (Runs before 2026-11-25 08:00 judged the closed loop's p99.)
Orders (\`lib/orders.mjs\`), after placing became one SQL statement with group commit (2026-11-25,
three runs on this machine while other helpers shared it; before: PGlite 25/s, PostgreSQL 83/s):
at 1-min load average 21 → 16 (other work) PGlite **16/s**, p99 9007 ms, 578 of 1600 timed out, and
PostgreSQL **362/s**, p99 509 ms (20 race rounds, 0 oversold); at load 6.8 → 3.9 PGlite **265/s**,
p99 644 ms, PostgreSQL **398/s**, p99 355 ms (20 race rounds, 0 oversold); at load 3.6 → 3.7 (100 race
rounds) PGlite 132/s with a 6.2 s p99 tail, PostgreSQL 398/s, p99 549 ms. On the quiet machine
afterwards (load ≈ 2, the row below): PGlite **266/s**, p99 434 ms; PostgreSQL **499/s**, p99 486
ms (p50 101 ms), 0 oversold in 100 rounds on both. The p99 target (< 100 ms at 64 connections) is
far off on both: 64 shoppers at once on two cores shared with the sender and PostgreSQL queue.
Orders on 2026-11-28 evening (issue 10's last target), each step measured on PostgreSQL:
- Replaying a captured batch of 64 placements in a rolled-back transaction (backend CPU from
  \`/proc\`): \`place_order\` one by one cost ≈0.66–0.75 ms per order, most of it the executor's
  start-up for its ~15 statements; recording the batch set-wise (\`place_orders_together\`: two
  checks, then every write as one statement of data-modifying CTEs) costs ≈0.35 ms per order; a
  batch of one costs ≈1 ms either way.
- A checkout without a code no longer queries the discounts (automatic ones cached per content
  version): ≈0.23 ms of backend CPU per order, from \`log_statement_stats\`.
- Closed loop, one process (CPU per order from \`/proc\`; the "before" read while helpers shared
  the machine): server 1.6 → 1.1 ms, PostgreSQL 1.4 → 0.95 ms; 442–499/s → 661/s. The open
  loop at 500/s still had p99 69–180 ms over five runs, p50 ≈25 ms even at 250/s: \`--trace-gc\` showed scavenges every ~30 ms (p99 22 ms) and
  mark-compacts every ~100 ms (10–19 ms) on a 35–60 MB heap. With \`--max-semi-space-size=64\`
  (now in \`npm start\` / \`npm run serve\`, and the bench starts the server the same way) p50 fell to
  13–18 ms and p99 to 74–122 ms in three runs, then 32 ms in the run below (798/s): the target
  holds in three of those four runs, so the tail is still this machine's weather, not a margin.
- \`WORKERS=2\` (docs/deploy.md's deployment) is measured too: before the young-generation change
  its p99 at 500/s was 178–315 ms (the two processes' batches queue on the website's order
  counter); after it, the row below.
To profile the server through a section, pass node flags to it alone:
\`BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" node bench/run.mjs cart\`.
${loads.length ? `Load average (1 / 5 / 15 min) when each section started: ${loads.join('; ')}.\n` : ''}
## Latest results (${latest.date}, ${m.cpus} × ${m.cpuModel}, ${m.memGiB} GiB, Node ${m.node})

| what | measured | target |
|---|---|---|
${rows.join('\n')}
${errors.length ? `\nSections that failed in the latest run:\n${errors.join('\n')}\n` : ''}`;
  fs.writeFileSync(file, text);
}

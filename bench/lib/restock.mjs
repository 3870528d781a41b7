// Restock notices at scale (docs/restock.md "Sending"): 10,000 sign-ups for a sold-out demo
// variant, sent by the owner's POST …/restock/send through a loopback SMTP server in this
// process, timed from that request until the send reports done, with its progress shown.
// PostgreSQL only: the sign-ups go straight into the server's database, which PGlite (one
// process owns its files) does not allow while the server runs.
import os from 'node:os';
import { SMTPServer } from 'smtp-server';
import { cpuSecondsOf, signIn, sqlOn, withFreshDatabase } from './server.mjs';

const COUNT = 10_000;
const TARGET_S = 60;
const POLL_MS = 500;
const LOG_EVERY_MS = 3000;
const DEADLINE_S = 300;
const RESTOCK_API = '/api/site-users/account/notifications/restock';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A loopback SMTP server that counts what it accepts per recipient (bodies are drained). */
async function startSmtp() {
  const received = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) {
          received.set(r.address, (received.get(r.address) ?? 0) + 1);
        }
        callback();
      });
      stream.resume();
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}?ignoreTLS=true`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The demo's fully sold-out physical product (every variant out of stock, none unlimited). */
async function soldOutVariant(base) {
  const shop = await (await fetch(`${base}/shop?format=json`)).json();
  const item = (shop.items ?? []).find((i) => {
    const vs = i.structuredContent?.variants ?? [];
    return (
      i.structuredContent.productType === 1 &&
      vs.length > 0 &&
      vs.every((v) => !v.unlimited && v.qtyInStock === 0)
    );
  });
  if (!item) throw new Error('no sold-out product in /shop?format=json');
  return {
    siteId: shop.website.id,
    productId: item.id,
    variantId: item.structuredContent.variants[0].id,
    title: item.title,
  };
}

/** COUNT sign-ups in one statement, a millisecond apart (the send mails them in that order). */
async function insertSignUps(dbUrl, target, origin) {
  await sqlOn(
    dbUrl,
    `INSERT INTO restock_signups
       (id, site_id, item_id, variant_id, email, join_mailing_list, language, origin, created)
     SELECT gen_random_uuid()::text, $1, $2, $3, 'bench-shopper-' || i || '@example.com', false,
            'en-US', $4, now() - ($5::int - i) * interval '1 millisecond'
     FROM generate_series(1, $5::int) AS i`,
    [target.siteId, target.productId, target.variantId, origin, COUNT],
  );
  const rows = await sqlOn(
    dbUrl,
    'SELECT email FROM restock_signups WHERE variant_id = $1 AND notified_at IS NULL',
    [target.variantId],
  );
  return rows.map((r) => r.email);
}

/** Polls the send's progress until it is no longer running, logging as it goes. */
async function waitForSend(base, owner, sendId, smtp, t0, log) {
  const deadline = t0 + DEADLINE_S * 1000;
  let lastLog = 0;
  for (;;) {
    const res = await fetch(`${base}${RESTOCK_API}/sends/${sendId}`, {
      headers: { cookie: owner.cookie },
    });
    const p = await res.json();
    const now = performance.now();
    if (p.status !== 'running' || now - lastLog >= LOG_EVERY_MS) {
      lastLog = now;
      log(
        `${((now - t0) / 1000).toFixed(1)} s: ${p.status}, sent ${p.sent}/${p.total}, ` +
          `failed ${p.failed}; SMTP server has ${smtp.received.size}`,
      );
    }
    if (p.status !== 'running') return { progress: p, seconds: (now - t0) / 1000 };
    if (now > deadline) throw new Error(`send still running after ${DEADLINE_S} s`);
    await sleep(POLL_MS);
  }
}

/** Every waiting address got exactly one mail, and nobody else got any. */
function deliveryCheck(expected, received) {
  const wanted = new Set(expected);
  let once = 0;
  let duplicates = 0;
  let missing = 0;
  for (const email of wanted) {
    const n = received.get(email) ?? 0;
    if (n === 0) missing++;
    else once++;
    if (n > 1) duplicates += n - 1;
  }
  const unexpected = [...received.keys()].filter((a) => !wanted.has(a)).length;
  return { expected: wanted.size, once, duplicates, missing, unexpected };
}

async function measure(s, dbUrl, smtp, log) {
  const target = await soldOutVariant(s.url);
  const emails = await insertSignUps(dbUrl, target, s.url);
  log(`${emails.length} sign-ups waiting for ${target.title} (${COUNT} inserted + demo's own)`);
  const owner = await signIn(s.url);
  const serverCpu0 = cpuSecondsOf(s.pid);
  const benchCpu0 = process.cpuUsage();
  const t0 = performance.now();
  const res = await fetch(`${s.url}${RESTOCK_API}/send`, {
    method: 'POST',
    headers: { ...owner, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: target.productId, variantId: target.variantId }),
  });
  if (res.status !== 202) throw new Error(`send: ${res.status} ${await res.text()}`);
  const { sendId } = await res.json();
  const { progress, seconds } = await waitForSend(s.url, owner, sendId, smtp, t0, log);
  const benchCpu = process.cpuUsage(benchCpu0);
  const mails = progress.sent;
  return {
    target,
    progress,
    seconds: +seconds.toFixed(2),
    serverSideSeconds: (progress.finished - progress.started) / 1000,
    mailsPerS: Math.round(mails / seconds),
    serverCpuMsPerMail: +(((cpuSecondsOf(s.pid) - serverCpu0) * 1000) / mails).toFixed(2),
    // This process runs the SMTP server (and the polling).
    benchCpuMsPerMail: +((benchCpu.user + benchCpu.system) / 1000 / mails).toFixed(2),
    delivery: deliveryCheck(emails, smtp.received),
  };
}

export async function run({ log, withServer }) {
  const loadAverage = os.loadavg(); // other work on the machine moves every figure
  const smtp = await startSmtp();
  let m;
  try {
    m = await withFreshDatabase((url) =>
      withServer((s) => measure(s, url, smtp, log), { DATABASE_URL: url, SMTP_URL: smtp.url }),
    );
  } finally {
    await smtp.close();
  }
  const d = m.delivery;
  const exact = d.once === d.expected && !d.duplicates && !d.missing && !d.unexpected;
  log(
    `${m.progress.sent} mails in ${m.seconds} s (${m.mailsPerS}/s); ${d.once}/${d.expected} ` +
      `addresses got one, ${d.duplicates} duplicates, ${d.unexpected} unexpected`,
  );
  return {
    loadAverage,
    rows: [
      {
        what:
          `restock notices: ${m.progress.total.toLocaleString('en-US')} sign-ups mailed through ` +
          `a loopback SMTP server (PostgreSQL; owner's POST …/send until progress says done)`,
        figure:
          `**${m.seconds} s** (${m.mailsPerS} mails/s); ${d.once}/${d.expected} addresses got ` +
          `exactly one, ${d.duplicates} duplicates, ${d.missing} missing, ${m.progress.failed} ` +
          `failed (server CPU ${m.serverCpuMsPerMail} ms/mail, SMTP side ${m.benchCpuMsPerMail} ms/mail)`,
        target: `${COUNT.toLocaleString('en-US')} in < ${TARGET_S} s, each address once`,
        ok:
          m.progress.status === 'done' &&
          m.progress.total >= COUNT &&
          m.seconds < TARGET_S &&
          exact &&
          m.progress.failed === 0,
      },
    ],
    ...m,
  };
}

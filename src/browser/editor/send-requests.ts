import type {
  RestockSendJson,
  RestockSendRequest,
  RestockSignUpGroupJson,
} from '../../shared/restock/types.js';

/** The restock API takes 1–500 requests per send-all call (docs/restock.md). */
export const SEND_ALL_MAX = 500;

/** 'Send all': one request per variant that still has someone waiting, in calls of at most 500. */
export function sendAllBatches(
  groups: readonly RestockSignUpGroupJson[],
  max = SEND_ALL_MAX,
): RestockSendRequest[][] {
  const requests = groups
    .filter((g) => g.pendingCount > 0)
    .map((g) => ({ productId: g.productId, variantId: g.variantId }));
  const out: RestockSendRequest[][] = [];
  for (let i = 0; i < requests.length; i += max) out.push(requests.slice(i, i + max));
  return out;
}

/** Several sends' progress as one: what the 'Send all' progress bar shows. */
export function combinedProgress(sends: readonly RestockSendJson[]): {
  total: number;
  sent: number;
  failed: number;
  running: boolean;
  errors: string[];
} {
  let total = 0;
  let sent = 0;
  let failed = 0;
  let running = false;
  const errors: string[] = [];
  for (const s of sends) {
    total += s.total;
    sent += s.sent;
    failed += s.failed;
    if (s.status === 'running') running = true;
    if (s.status === 'failed' && s.error) errors.push(s.error);
  }
  return { total, sent, failed, running, errors };
}

/** 'Sent 3 of 5 · 1 failed' — the words beside the progress bar. */
export function progressText(p: { total: number; sent: number; failed: number; running: boolean }) {
  const base = p.running ? `Sending… ${p.sent} of ${p.total} sent` : `Sent ${p.sent} of ${p.total}`;
  return p.failed > 0 ? `${base} · ${p.failed} failed` : base;
}

/**
 * The kill -9 suite's load: shoppers who add to a cart (twice) and, every other one, place an
 * order with the `test` provider; and newsletter visitors who take a form key and save a
 * submission. Every answer is recorded; only 2xx answers count as acknowledged, and those are
 * what must be in the database after a kill and a restart.
 */

const ADD_PATH = '/api/commerce/shopping-cart/entries';
const ORDERS_PATH = '/api/commerce/orders';
export const FORM_ID = 'form-newsletter';

const ADDRESS = {
  firstName: 'Kill',
  lastName: 'Nine',
  line1: '1 Main Street',
  city: 'New York',
  region: 'NY',
  postalCode: '10001',
  country: 'US',
};

export interface Product {
  itemId: string;
  sku: string;
  variantId: string;
}

/** What the server acknowledged with a 2xx. */
export interface Acked {
  /** Cart id → variant id → units acknowledged. */
  adds: Map<string, Map<string, number>>;
  forms: string[];
  orders: { id: string; cartId: string; email: string; orderNumber: number }[];
  /** Requests that got an answer other than 2xx (none expected before the kill). */
  refused: string[];
  /** Requests that got no answer (the kill). */
  unanswered: number;
}

export function emptyAcked(): Acked {
  return { adds: new Map(), forms: [], orders: [], refused: [], unanswered: 0 };
}

export function ackedCount(a: Acked): number {
  let adds = 0;
  for (const c of a.adds.values()) for (const n of c.values()) adds += n;
  return adds + a.forms.length + a.orders.length;
}

function cookiesOf(res: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0]!;
    const eq = pair.indexOf('=');
    if (eq > 0) jar[pair.slice(0, eq).trim()] = pair.slice(eq + 1);
  }
  return jar;
}

const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** A client address of its own per visitor (the server trusts X-Forwarded-For: TRUST_PROXY). */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** A physical product of the demo whose first variant has counted stock, and one unlimited. */
export async function demoProducts(
  base: string,
): Promise<{ counted: Product; unlimited: Product }> {
  const shop = (await (await fetch(`${base}/shop?format=json`)).json()) as {
    items?: {
      id: string;
      structuredContent?: {
        productType: number;
        additionalFieldsFormId?: string;
        oneTimePurchaseAllowed?: boolean;
        variants: { id: string; sku: string; unlimited: boolean }[];
      };
    }[];
  };
  const found: Partial<Record<'counted' | 'unlimited', Product>> = {};
  for (const item of shop.items ?? []) {
    const p = item.structuredContent;
    if (p?.productType !== 1 || p.additionalFieldsFormId || p.oneTimePurchaseAllowed === false) {
      continue;
    }
    for (const v of p.variants) {
      const slot = v.unlimited ? 'unlimited' : 'counted';
      found[slot] ??= { itemId: item.id, sku: v.sku, variantId: v.id };
    }
  }
  if (!found.counted || !found.unlimited) throw new Error('demo products not found');
  return { counted: found.counted, unlimited: found.unlimited };
}

/** Signs in as the demo owner; returns the headers of the owner's mutating requests. */
export async function ownerHeaders(base: string): Promise<Record<string, string>> {
  const first = await fetch(`${base}/api/auth/me`);
  const crumb = cookiesOf(first).crumb!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookieHeader({ crumb }),
      'x-csrf-token': decodeURIComponent(crumb),
    },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const jar = { crumb, ...cookiesOf(res) };
  return { cookie: cookieHeader(jar), 'x-csrf-token': decodeURIComponent(jar.crumb) };
}

export async function setStock(base: string, owner: Record<string, string>, p: Product, n: number) {
  const res = await fetch(`${base}/api/commerce/inventory/${encodeURIComponent(p.variantId)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...owner },
    body: JSON.stringify({ qtyInStock: n, unlimited: false }),
  });
  if (res.status !== 200) throw new Error(`stock: ${res.status} ${await res.text()}`);
}

export interface LoadOptions {
  base: () => string;
  products: { counted: Product; unlimited: Product };
  /** Unique per run and cycle: addresses and emails carry it. */
  tag: string;
  /** First visitor number (client addresses apart between cycles). */
  first: number;
  shoppers: number;
  connections: number;
  /** Called after every acknowledgement (the test kills the server from here). */
  onAck: (acked: Acked) => void;
  /** True once the server is killed: no new visitor starts. */
  stopped: () => boolean;
}

/** Runs the load until every visitor is done or the server is gone; returns what was acked. */
export async function runLoad(o: LoadOptions): Promise<Acked> {
  const acked = emptyAcked();
  const tasks: (() => Promise<void>)[] = [];
  for (let i = 0; i < o.shoppers; i++) {
    const n = o.first + i;
    tasks.push(() => shopper(o, n, i % 2 === 0, acked));
    tasks.push(() => formVisitor(o, n, acked));
  }
  let next = 0;
  const worker = async () => {
    while (next < tasks.length && !o.stopped()) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch {
        // No answer: the server was killed under this request.
        acked.unanswered++;
      }
    }
  };
  await Promise.all(Array.from({ length: o.connections }, worker));
  return acked;
}

async function post(
  o: LoadOptions,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Response> {
  return fetch(`${o.base()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function ack(o: LoadOptions, acked: Acked): void {
  o.onAck(acked);
}

async function shopper(o: LoadOptions, n: number, buys: boolean, acked: Acked): Promise<void> {
  const client = addressOf(n);
  const first = await fetch(`${o.base()}/api/commerce/shopping-cart`, {
    headers: { 'x-forwarded-for': client },
  });
  await first.arrayBuffer();
  const jar: Record<string, string> = { crumb: cookiesOf(first).crumb! };
  const headers = () => ({
    cookie: cookieHeader(jar),
    'x-csrf-token': decodeURIComponent(jar.crumb!),
    'x-forwarded-for': client,
  });
  // Two adds: the first makes the cart, the second adds to it.
  for (const [p, quantity] of [
    [o.products.counted, 1],
    [o.products.unlimited, 2],
  ] as const) {
    const res = await post(o, ADD_PATH, headers(), { itemId: p.itemId, sku: p.sku, quantity });
    await res.arrayBuffer();
    if (res.status !== 200) {
      acked.refused.push(`add ${res.status}`);
      return;
    }
    Object.assign(jar, cookiesOf(res));
    const cartId = decodeURIComponent(jar.cart!).split('.')[0]!;
    const lines = acked.adds.get(cartId) ?? new Map<string, number>();
    lines.set(p.variantId, (lines.get(p.variantId) ?? 0) + quantity);
    acked.adds.set(cartId, lines);
    ack(o, acked);
  }
  if (!buys || o.stopped()) return;
  const email = `buyer-${o.tag}-${n}@kill9.test`;
  const res = await post(o, ORDERS_PATH, headers(), {
    email,
    shippingAddress: ADDRESS,
    payment: { provider: 'test', token: 'tok_visa' },
  });
  const body = (await res.json().catch(() => ({}))) as {
    order?: { id: string; orderNumber: number };
  };
  if (res.status !== 201 || !body.order) {
    acked.refused.push(`order ${res.status}`);
    return;
  }
  const cartId = decodeURIComponent(jar.cart!).split('.')[0]!;
  acked.orders.push({ id: body.order.id, cartId, email, orderNumber: body.order.orderNumber });
  ack(o, acked);
}

async function formVisitor(o: LoadOptions, n: number, acked: Acked): Promise<void> {
  const client = addressOf(n);
  const first = await fetch(`${o.base()}/api/template/GetTemplateSchema?type=form&id=${FORM_ID}`, {
    headers: { 'x-forwarded-for': client },
  });
  await first.arrayBuffer();
  const crumb = cookiesOf(first).crumb!;
  const headers = {
    cookie: cookieHeader({ crumb }),
    'x-csrf-token': decodeURIComponent(crumb),
    'x-forwarded-for': client,
  };
  const keyRes = await post(o, '/api/form/FormSubmissionKey', headers, {});
  const keyBody = (await keyRes.json().catch(() => ({}))) as { data?: { key: string } };
  if (keyRes.status !== 200 || !keyBody.data) {
    acked.refused.push(`form key ${keyRes.status}`);
    return;
  }
  const email = `reader-${o.tag}-${n}@kill9.test`;
  const res = await post(o, '/api/form/SaveFormSubmission', headers, {
    key: keyBody.data.key,
    formId: FORM_ID,
    form: JSON.stringify({ email, name: ['Kill', `Nine ${n}`] }),
    pagePath: '/',
    pageTitle: 'Home',
  });
  await res.arrayBuffer();
  if (res.status !== 200) {
    acked.refused.push(`form save ${res.status}`);
    return;
  }
  acked.forms.push(email);
  ack(o, acked);
}

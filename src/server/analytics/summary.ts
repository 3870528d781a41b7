import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { COMMERCE_EVENTS } from '../../shared/telemetry/commerce-events.js';
import { salesSummary, type SalesSummary } from '../orders/sales-summary.js';
import { SERVER_ENVIRONMENT } from './server-events.js';

export interface AnalyticsSummary {
  from: number;
  to: number;
  visits: number;
  uniqueVisitors: number;
  pageViews: number;
  pages: { path: string; views: number }[];
  referrers: { referrer: string; visits: number }[];
  devices: { deviceClass: string; visitors: number; views: number }[];
  /** Known bots: counted apart, never as visitors. */
  bots: { hits: number };
  /** Visits per day (days with visits only, oldest first), in the website's time zone. */
  visitsPerDay: { day: string; visits: number }[];
  /** Orders and revenue (issue 10): totals, average order value, and per day for the chart. */
  commerce: SalesSummary;
}

/** The website facts the overview needs besides its id. */
export interface SummarySite {
  currency: string;
  /** IANA zone days are counted in; UTC when not given. */
  timeZone?: string | undefined;
}

/** Visits, unique visitors, views by page, referrers, devices; bots apart. */
export async function analyticsSummary(
  db: Db,
  siteId: string,
  from: number,
  to: number,
  site: SummarySite = { currency: 'USD' },
): Promise<AnalyticsSummary> {
  const timeZone = site.timeZone || 'UTC';
  const inRange = sql`site_id = ${siteId} and occurred_at >= ${from} and occurred_at < ${to}`;
  const totals = await sql<{ visits: number; visitors: number; views: number; bots: number }>`
    select count(distinct (visitor_id, visit_number)) filter (where not is_bot and visitor_id is not null)::int as visits,
           count(distinct visitor_id) filter (where not is_bot)::int as visitors,
           (count(*) filter (where not is_bot))::int as views,
           (count(*) filter (where is_bot))::int as bots
      from analytics_hits where ${inRange}`.execute(db);
  const pages = await sql<{ path: string; views: number }>`
    select path, count(*)::int as views from analytics_hits
     where ${inRange} and not is_bot
     group by path order by views desc, path limit 100`.execute(db);
  const referrers = await sql<{ referrer: string; visits: number }>`
    select referrer, count(distinct (visitor_id, visit_number))::int as visits from analytics_hits
     where ${inRange} and not is_bot and referrer is not null
     group by referrer order by visits desc, referrer limit 50`.execute(db);
  const devices = await sql<{ device_class: string; visitors: number; views: number }>`
    select device_class, count(distinct visitor_id)::int as visitors, count(*)::int as views
      from analytics_hits where ${inRange} and not is_bot
     group by device_class order by views desc, device_class`.execute(db);
  const perDay = await sql<{ day: string; visits: number }>`
    select to_char(to_timestamp(occurred_at / 1000.0) at time zone ${timeZone}, 'YYYY-MM-DD') as day,
           count(distinct (visitor_id, visit_number))::int as visits
      from analytics_hits
     where ${inRange} and not is_bot and visitor_id is not null
     group by 1 order by 1`.execute(db);
  const commerce = await salesSummary(db, siteId, site.currency, from, to, timeZone);
  const t = totals.rows[0]!;
  return {
    from,
    to,
    visits: Number(t.visits),
    uniqueVisitors: Number(t.visitors),
    pageViews: Number(t.views),
    pages: pages.rows.map((r) => ({ path: r.path, views: Number(r.views) })),
    referrers: referrers.rows.map((r) => ({ referrer: r.referrer, visits: Number(r.visits) })),
    devices: devices.rows.map((r) => ({
      deviceClass: r.device_class,
      visitors: Number(r.visitors),
      views: Number(r.views),
    })),
    bots: { hits: Number(t.bots) },
    visitsPerDay: perDay.rows.map((r) => ({ day: r.day, visits: Number(r.visits) })),
    commerce,
  };
}

export interface FunnelStep {
  step: 'product_views' | 'add_to_cart' | 'cart_views' | 'checkout' | 'purchase';
  events: number;
  sessions: number;
}

/**
 * Product views → add to cart → cart views → checkout → purchase: `events` counts each step's
 * events; `sessions` counts the sessions that reached this step and every step before it, so no
 * step is ever more than 100% of the one before (a shopper who goes straight to the cart from a
 * shared link is not a cart view of the funnel). Checkout and purchase are the server's own
 * events (environment 'server', see server-events.ts): a browser cannot add sales to the funnel.
 */
export async function commerceFunnel(
  db: Db,
  siteId: string,
  from: number,
  to: number,
): Promise<{ from: number; to: number; steps: FunnelStep[] }> {
  const steps = [
    ['product_views', COMMERCE_EVENTS.visit_product_page],
    ['add_to_cart', COMMERCE_EVENTS.add_to_cart],
    ['cart_views', COMMERCE_EVENTS.view_cart],
    ['checkout', COMMERCE_EVENTS.checkout_started],
    ['purchase', COMMERCE_EVENTS.purchase],
  ] as const;
  const serverOnly: string[] = [COMMERCE_EVENTS.checkout_started, COMMERCE_EVENTS.purchase];
  const inFunnel = sql`site_id = ${siteId} and occurred_at >= ${from} and occurred_at < ${to}
       and source = 'clanker' and name in (${sql.join(steps.map(([, n]) => n))})
       and (name not in (${sql.join(serverOnly)}) or environment = ${SERVER_ENVIRONMENT})`;
  const [events, reached] = await Promise.all([
    sql<{ name: string; events: number }>`
      select name, count(*)::int as events from analytics_events where ${inFunnel}
       group by name`.execute(db),
    // Per session, which steps it reached; then step k counts sessions with steps 1..k.
    sql<Record<string, number>>`
      with s as (
        select session_id,
               ${sql.join(
                 steps.map(([step, name]) => sql`bool_or(name = ${name}) as ${sql.ref(step)}`),
               )}
          from analytics_events
         where ${inFunnel} and session_id is not null
         group by session_id)
      select ${sql.join(
        steps.map(
          ([step], i) =>
            sql`(count(*) filter (where ${sql.join(
              steps.slice(0, i + 1).map(([s]) => sql.ref(s)),
              sql` and `,
            )}))::int as ${sql.ref(step)}`,
        ),
      )}
        from s`.execute(db),
  ]);
  const by = new Map(events.rows.map((r) => [r.name, Number(r.events)]));
  const sessions = reached.rows[0] ?? {};
  return {
    from,
    to,
    steps: steps.map(([step, name]) => ({
      step,
      events: by.get(name) ?? 0,
      sessions: Number(sessions[step] ?? 0),
    })),
  };
}

export interface CartAddition {
  productId: string;
  /** The name the storefront reported most recently (products may be renamed). */
  productName: string | null;
  /** Add-to-cart events, units added, and distinct sessions that added it. */
  adds: number;
  units: number;
  sessions: number;
}

/** How many products the cart-additions list shows. */
export const CART_ADDITIONS_LIMIT = 10;

/**
 * The products shoppers added to their carts most in the period (by units), from the
 * storefront's add-to-cart events: what the owner's shop is selling into carts.
 */
export async function cartAdditions(
  db: Db,
  siteId: string,
  from: number,
  to: number,
): Promise<{ from: number; to: number; products: CartAddition[] }> {
  const rows = await sql<{
    product_id: string;
    product_name: string | null;
    adds: number;
    units: number;
    sessions: number;
  }>`
    select content->>'product_id' as product_id,
           (array_agg(content->>'product_name' order by occurred_at desc)
              filter (where content->>'product_name' is not null))[1] as product_name,
           count(*)::int as adds,
           coalesce(sum((content->>'quantity')::int), 0)::int as units,
           count(distinct session_id)::int as sessions
      from analytics_events
     where site_id = ${siteId} and occurred_at >= ${from} and occurred_at < ${to}
       and source = 'clanker' and name = ${COMMERCE_EVENTS.add_to_cart}
       and content->>'product_id' is not null
     group by content->>'product_id'
     order by units desc, adds desc, product_id
     limit ${CART_ADDITIONS_LIMIT}`.execute(db);
  return {
    from,
    to,
    products: rows.rows.map((r) => ({
      productId: r.product_id,
      productName: r.product_name,
      adds: Number(r.adds),
      units: Number(r.units),
      sessions: Number(r.sessions),
    })),
  };
}

export interface ErrorGroup {
  message: string;
  count: number;
  lastSeen: number;
  /** The most recent stack and page for the message. */
  stack: string | null;
  pageUrl: string | null;
}

/** Script errors grouped by message: counts and when last seen, most frequent first. */
export async function errorsSummary(
  db: Db,
  siteId: string,
  from: number,
  to: number,
): Promise<{ from: number; to: number; errors: ErrorGroup[] }> {
  const rows = await sql<{
    message: string;
    n: number;
    last_seen: number;
    stack: string | null;
    page_url: string | null;
  }>`
    select message, n, last_seen, stack, page_url from (
      select message, stack, page_url,
             count(*) over (partition by message)::int as n,
             max(occurred_at) over (partition by message) as last_seen,
             row_number() over (partition by message order by occurred_at desc) as rank
        from script_errors
       where site_id = ${siteId} and occurred_at >= ${from} and occurred_at < ${to}
    ) e where rank = 1
    order by n desc, last_seen desc limit 200`.execute(db);
  return {
    from,
    to,
    errors: rows.rows.map((r) => ({
      message: r.message,
      count: Number(r.n),
      lastSeen: Number(r.last_seen),
      stack: r.stack,
      pageUrl: r.page_url,
    })),
  };
}

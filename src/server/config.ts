import path from 'node:path';
import { REPO_ROOT } from './repo-root.js';
import crypto from 'node:crypto';
import { s3SettingsFromEnv, type S3Settings } from './media/storage/s3-settings.js';

/** Everything the server reads from the environment, parsed once. Documented in README.md. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  secret: string;
  demoOwnerPassword: string | undefined;
  smtpUrl: string | undefined;
  pageCache: boolean;
  logLevel: string;
  /**
   * Trust X-Forwarded-For/-Proto from a reverse proxy. Off by default: otherwise any client
   * could pick its own address and slip past per-address rate limits.
   */
  trustProxy: boolean;
  /** Form submissions a minute per client address and per website; keys a minute per address (0: no limit). */
  formRates: { perAddress: number; perSite: number; keysPerAddress: number };
  /**
   * Telemetry rows (visits, events, script errors, performance records) older than this many days
   * are deleted periodically; 0 keeps them forever.
   */
  telemetryRetentionDays: number;
  /** Sender of every mail the platform sends. */
  mailFrom: string;
  /** Secure on every cookie; without it, requests that came over HTTPS still get Secure cookies. */
  secureCookies: boolean;
  /** The host name that serves the main demo website (besides `localhost`). */
  baseDomain: string;
  publicDir: string;
  themesDir: string;
  demoDir: string;
  /**
   * Stripe (payments/stripe-provider.ts): secret key, publishable key (the checkout's card form),
   * webhook signing secret; without the two keys, no Stripe.
   */
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Where the checkout loads Stripe.js from (STRIPE_JS_URL; a local fake in tests). */
  stripeJsUrl: string;
  /** Where stripe-node sends requests (STRIPE_API_URL, e.g. a local fake in tests); unset: Stripe's. */
  stripeApiUrl: string | undefined;
  /** Server processes (node:cluster) sharing the port; more than 1 needs PostgreSQL. */
  workers: number;
  /** redis://… for rate-limit counters shared by every process; unset: PostgreSQL, or memory on PGlite. */
  redisUrl: string | undefined;
  /** Bearer token that opens `/metrics`; unset, `/metrics` is 404. */
  metricsToken: string | undefined;
  /** TELEMETRY_HOST_CHECK: hits, events and RUM records only for URLs on the website's hosts. */
  telemetryHostCheck: boolean;
  /** TELEMETRY_RATE_PER_IP: telemetry requests a minute per client address and route (0: none). */
  telemetryRatePerAddress: number;
  /** ORDER_RATE_PER_IP: order placements a minute per client address (0: no limit). */
  orderRatePerAddress: number;
  /** COMMENT_RATE_PER_IP: comments a minute per client address (0: no limit; docs/comments.md). */
  commentRatePerAddress: number;
  /** CART_PURGE_DAYS: anonymous carts without an order untouched this long are deleted (0: kept). */
  cartPurgeDays: number;
  /** S3_*: media in an S3-compatible bucket instead of DATA_DIR (docs/media.md). */
  s3: S3Settings | undefined;
  /**
   * ALLOW_SIGNUP: anyone may create an account at /config/signup (docs/accounts.md). On by
   * default outside production (NODE_ENV), off in production unless set.
   */
  allowSignup: boolean;
}

/**
 * The owner summaries accept any period up to a year back (the dashboard asks for 7 or 30 days):
 * a year plus a month's margin, so a year-long summary never loses its oldest days.
 */
export const DEFAULT_TELEMETRY_RETENTION_DAYS = 400;

/** Stripe.js, which Stripe asks sites to load from its own host (never bundled). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['0', 'false', 'no', 'off'].includes(v.toLowerCase());
}

function count(v: string | undefined, dflt: number, name: string): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number, 0 or more, got '${v}'`);
  return n;
}

/** At most a century: beyond that the cut-off would leave epoch milliseconds' range. */
const MAX_RETENTION_DAYS = 36_500;

function retentionDays(v: string | undefined): number {
  const name = 'TELEMETRY_RETENTION_DAYS';
  const n = count(v, DEFAULT_TELEMETRY_RETENTION_DAYS, name);
  if (n > MAX_RETENTION_DAYS)
    throw new Error(
      `${name} must be at most ${MAX_RETENTION_DAYS} (0 keeps telemetry forever), got '${v}'`,
    );
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got '${env.PORT}'`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    // Without SECRET a random one is made per process; crumbs and sessions then end at restart.
    // main.ts persists a generated secret under DATA_DIR so that does not happen on the demo.
    secret: env.SECRET ?? '',
    demoOwnerPassword: env.DEMO_OWNER_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    pageCache: bool(env.PAGE_CACHE, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    secureCookies: bool(env.SECURE_COOKIES, false),
    trustProxy: bool(env.TRUST_PROXY, false),
    formRates: {
      perAddress: count(env.FORM_RATE_PER_ADDRESS, 20, 'FORM_RATE_PER_ADDRESS'),
      perSite: count(env.FORM_RATE_PER_SITE, 600, 'FORM_RATE_PER_SITE'),
      keysPerAddress: count(env.FORM_KEY_RATE_PER_ADDRESS, 60, 'FORM_KEY_RATE_PER_ADDRESS'),
    },
    telemetryRetentionDays: retentionDays(env.TELEMETRY_RETENTION_DAYS),
    mailFrom: env.MAIL_FROM || 'no-reply@localhost',
    baseDomain: env.BASE_DOMAIN ?? 'localhost',
    telemetryHostCheck: bool(env.TELEMETRY_HOST_CHECK, true),
    telemetryRatePerAddress: count(env.TELEMETRY_RATE_PER_IP, 600, 'TELEMETRY_RATE_PER_IP'),
    orderRatePerAddress: count(env.ORDER_RATE_PER_IP, 30, 'ORDER_RATE_PER_IP'),
    commentRatePerAddress: count(env.COMMENT_RATE_PER_IP, 5, 'COMMENT_RATE_PER_IP'),
    cartPurgeDays: count(env.CART_PURGE_DAYS, 30, 'CART_PURGE_DAYS'),
    publicDir: path.join(REPO_ROOT, 'dist', 'public'),
    themesDir: path.join(REPO_ROOT, 'themes'),
    demoDir: path.join(REPO_ROOT, 'demo'),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeJsUrl: env.STRIPE_JS_URL || STRIPE_JS_URL,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    workers: workers(env),
    redisUrl: env.REDIS_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    s3: s3SettingsFromEnv(env),
    allowSignup: bool(env.ALLOW_SIGNUP, env.NODE_ENV !== 'production'),
  };
}

/**
 * WORKERS: server processes. PGlite is one process's embedded database (its files cannot be
 * opened twice), so more than one worker needs DATABASE_URL.
 */
function workers(env: NodeJS.ProcessEnv): number {
  const n = count(env.WORKERS, 1, 'WORKERS');
  if (n < 1) throw new Error(`WORKERS must be 1 or more, got '${env.WORKERS}'`);
  if (n > 1 && !env.DATABASE_URL) {
    throw new Error(
      `WORKERS=${n} needs PostgreSQL: the embedded PGlite database serves one process only. ` +
        'Set DATABASE_URL, or run with WORKERS=1.',
    );
  }
  return n;
}

export function randomSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, DomainRoutes } from '../deps.js';
import { ownerGuard } from '../http/owner-guard.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { normaliseRestockEmail } from '../../shared/restock/rules.js';
import { RESTOCK_API, type RestockSignUpRequest } from '../../shared/restock/types.js';
import { mailerFor } from '../mail/mailer-registry.js';
import { DEFAULT_LIST_ID, joinMailingList } from '../mail/unsubscribe.js';
import { loadRestockProduct, loadRestockVariants } from './catalog-port.js';
import { RESTOCK_LIST_ID } from './notice-mail.js';
import {
  autoNotifyOf,
  listRestockGroups,
  listRestockSignUps,
  MAX_PAGE_SIZE,
  setAutoNotify,
} from './owner-queries.js';
import { RestockSender, TAKEOVER_INTERVAL_MS, TAKEOVER_QUEUE } from './sender.js';
import { signUpForRestock } from './signup-service.js';
import { verifyRestockBotCheck } from './bot-check.js';

const Id = Type.String({ minLength: 1, maxLength: 200 });

const SignUpBody = Type.Object(
  {
    isJoinMailingList: Type.Optional(Type.Boolean()),
    productId: Id,
    variantId: Id,
    // Checked by the SPEC 5.4 rule in the service, so a bad address gets 'Email is invalid'.
    siteVisitorEmail: Type.Optional(Type.String({ maxLength: 1000 })),
    captchaToken: Type.Optional(Type.String({ maxLength: 10_000 })),
    translationLanguage: Type.Optional(Type.String({ maxLength: 35 })),
    crumb: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const PageQuery = {
  cursor: Type.Optional(Type.String({ maxLength: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
};
const GroupsQuery = Type.Object(PageQuery, { additionalProperties: false });
const SignUpsQuery = Type.Object(
  { productId: Id, variantId: Type.Optional(Id), ...PageQuery },
  { additionalProperties: false },
);
const SendRequest = Type.Object({ productId: Id, variantId: Id }, { additionalProperties: false });
const SendAllBody = Type.Object(
  { sendRequests: Type.Array(SendRequest, { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
const SendParams = Type.Object({ sendId: Type.String({ minLength: 1, maxLength: 100 }) });
const SettingsQuery = Type.Object({ productId: Id }, { additionalProperties: false });
const SettingsBody = Type.Object(
  { productId: Id, autoNotify: Type.Boolean() },
  { additionalProperties: false },
);

/** Who may see shoppers' addresses and send notices: admins, store and website managers. */

/** Per address: a few sign-ups (several sizes of one product) per 10 minutes. */
export const SIGNUPS_PER_ADDRESS = 10;
export const ADDRESS_WINDOW_MS = 10 * 60_000;

/** Scheme and host of the request (the site's public host), for links in mails. */
function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** The restock domain's HTTP routes (SPEC 7) and its reaction to `variant-restocked`. */
export const restockRoutes: DomainRoutes = async (app, deps) => {
  const sender = new RestockSender({
    db: deps.db,
    now: deps.now,
    secret: deps.config.secret,
    mailer: mailerFor(deps, app.log),
    log: app.log,
  });
  registerAutoNotify(deps, sender, app.log);
  // Sends whose process died (heartbeat older than CLAIM_TIMEOUT_MS) are resumed by whichever
  // process runs this recurring job: once a minute, one runner across processes.
  deps.jobs.define(TAKEOVER_QUEUE, {
    everyMs: TAKEOVER_INTERVAL_MS,
    run: async () => void (await sender.takeOver()),
  });
  // Registered before the mail domain's hook (domains register in order), so in-flight mails
  // finish before the mailer closes.
  app.addHook('onClose', async () => sender.stop());

  const perAddress = app.createRateLimit({
    max: SIGNUPS_PER_ADDRESS,
    timeWindow: ADDRESS_WINDOW_MS,
    keyGenerator: (req) => {
      const body = req.body as { siteVisitorEmail?: string };
      return `restock:${req.site.id}:${normaliseRestockEmail(body.siteVisitorEmail ?? '')}`;
    },
  });

  app.post(
    RESTOCK_API.signUp,
    {
      schema: { body: SignUpBody },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req) => {
      const body = req.body;
      if (body.siteVisitorEmail?.trim()) {
        const limit = await perAddress(req);
        if (!limit.isAllowed && limit.isExceeded) {
          throw appError(
            ErrorCode.RATE_LIMITED,
            undefined,
            {},
            {
              'retry-after': String(limit.ttlInSeconds),
            },
          );
        }
      }
      const input: RestockSignUpRequest = {
        isJoinMailingList: body.isJoinMailingList ?? false,
        productId: body.productId,
        variantId: body.variantId,
        siteVisitorEmail: body.siteVisitorEmail ?? '',
        ...(body.captchaToken !== undefined ? { captchaToken: body.captchaToken } : {}),
        ...(body.translationLanguage ? { translationLanguage: body.translationLanguage } : {}),
      };
      await signUpForRestock(
        {
          db: deps.db,
          now: deps.now,
          verifyBotCheck: (site, token) => verifyRestockBotCheck(deps, site, token),
          joinList: async (site, email, lists) => {
            for (const listId of lists) {
              await joinMailingList(deps.db, {
                secret: deps.config.secret,
                now: deps.now(),
                siteId: site.id,
                listId,
                email,
              });
            }
          },
          restockListId: RESTOCK_LIST_ID,
          defaultListId: DEFAULT_LIST_ID,
        },
        req.site,
        input,
        originOf(req),
      );
      return { success: true };
    },
  );

  const owner = ownerGuard(deps.db, 'commerce');

  app.get(
    RESTOCK_API.groups,
    { schema: { querystring: GroupsQuery }, preValidation: owner },
    async (req, reply) => {
      const q = req.query;
      reply.header('cache-control', 'no-store');
      return listRestockGroups(deps.db, req.site.id, q);
    },
  );

  app.get(
    RESTOCK_API.signUps,
    { schema: { querystring: SignUpsQuery }, preValidation: owner },
    async (req, reply) => {
      const q = req.query;
      reply.header('cache-control', 'no-store');
      return listRestockSignUps(deps.db, req.site.id, q);
    },
  );

  /** Checks every request names a variant of that product on this website; 404 otherwise. */
  async function checkTargets(siteId: string, targets: Static<typeof SendRequest>[]) {
    const info = await loadRestockVariants(deps.db, siteId, targets);
    for (const t of targets) {
      if (!info.has(t.variantId)) {
        throw appError(ErrorCode.NOT_FOUND, undefined, {
          productId: t.productId,
          variantId: t.variantId,
        });
      }
    }
  }

  app.post(
    RESTOCK_API.send,
    { schema: { body: SendRequest }, preValidation: owner },
    async (req, reply) => {
      const body = req.body;
      await checkTargets(req.site.id, [body]);
      const sendId = await sender.start({
        siteId: req.site.id,
        ...body,
        baseUrl: originOf(req),
        trigger: 'owner',
      });
      return reply.status(202).send({ sendId });
    },
  );

  app.post(
    RESTOCK_API.sendAll,
    { schema: { body: SendAllBody }, preValidation: owner },
    async (req, reply) => {
      const { sendRequests } = req.body;
      await checkTargets(req.site.id, sendRequests);
      const sendIds: (string | null)[] = [];
      for (const r of sendRequests) {
        sendIds.push(
          await sender.start({
            siteId: req.site.id,
            ...r,
            baseUrl: originOf(req),
            trigger: 'owner',
          }),
        );
      }
      return reply.status(202).send({ sendIds });
    },
  );

  app.get(
    `${RESTOCK_API.sends}/:sendId`,
    { schema: { params: SendParams }, preValidation: owner },
    async (req, reply) => {
      const { sendId } = req.params;
      const progress = await sender.progress(req.site.id, sendId);
      if (!progress) throw appError(ErrorCode.NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return progress;
    },
  );

  app.get(
    RESTOCK_API.settings,
    { schema: { querystring: SettingsQuery }, preValidation: owner },
    async (req) => {
      const { productId } = req.query;
      const product = await loadRestockProduct(deps.db, req.site.id, productId);
      if (!product) throw appError(ErrorCode.NOT_FOUND);
      return {
        productId,
        autoNotify: await autoNotifyOf(
          deps.db,
          req.site.id,
          productId,
          product.autoNotifyOnRestock,
        ),
      };
    },
  );

  app.put(
    RESTOCK_API.settings,
    { schema: { body: SettingsBody }, preValidation: owner },
    async (req) => {
      const body = req.body;
      const product = await loadRestockProduct(deps.db, req.site.id, body.productId);
      if (!product) throw appError(ErrorCode.NOT_FOUND);
      await setAutoNotify(deps.db, req.site.id, body.productId, body.autoNotify, deps.now());
      return { productId: body.productId, autoNotify: body.autoNotify };
    },
  );
};

/**
 * Auto-notify (issue 4): when the catalog announces a variant is back and the owner turned
 * auto-notify on for its product, a send starts. Links use each sign-up's own origin.
 */
function registerAutoNotify(
  deps: AppDeps,
  sender: RestockSender,
  log: { error: (obj: unknown, msg: string) => void },
): void {
  const onRestocked = (e: { siteId: string; itemId: string; variantId: string }) => {
    void (async () => {
      const product = await loadRestockProduct(deps.db, e.siteId, e.itemId);
      if (!product) return;
      const on = await autoNotifyOf(deps.db, e.siteId, e.itemId, product.autoNotifyOnRestock);
      if (!on) return;
      await sender.start({
        siteId: e.siteId,
        productId: e.itemId,
        variantId: e.variantId,
        baseUrl: null,
        trigger: 'auto',
      });
    })().catch((err: unknown) => log.error({ err, ...e }, 'restock: auto-notify failed'));
  };
  deps.events.on('variant-restocked', onRestocked);
  sender.onStop(() => deps.events.off('variant-restocked', onRestocked));
}

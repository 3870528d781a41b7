import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, DomainRoutes } from '../deps.js';
import { AppError, appError } from '../errors/app-error.js';
import { wireError } from '../errors/error-handler.js';
import { rateLimitConfig } from '../http/rate-limit-config.js';
import { ownerGuard } from '../http/owner-guard.js';
import { RateLimit } from '../platform/rate-limits.js';
import { mailerFor } from '../mail/mailer-registry.js';
import { siteBaseUrl } from '../mail/site-url.js';
import { pageRendererFor } from '../render/shared-page-renderer.js';
import { cartIdOf, setCartCookie, CART_COOKIE, CART_HINT_COOKIE } from '../cart/cart-cookie.js';
import { cookieSecure } from '../http/cookie-secure.js';
import { statusWords } from '../orders/order-pages.js';
import { customerOrders } from '../orders/customer-orders.js';
import { restockSignupsOf, removeRestockSignup } from '../restock/customer-signups.js';
import { leaveList, listsOf } from '../mail/customer-lists.js';
import { subscriptionsOf } from '../subscriptions/customer-subscriptions.js';
import { ErrorCode } from '../../shared/errors.js';
import { PageType } from '../../shared/enums.js';
import { hasControlChar } from '../../shared/clean-text.js';
import {
  CUSTOMER_API,
  CUSTOMER_ME_PATH,
  CUSTOMER_PAGES,
  CustomerLimits,
  type CustomerMe,
} from '../../shared/customers/api.js';
import { customerTexts, type CustomerTexts } from '../../shared/customers/texts.js';
import { CUSTOMER_SESSION_COOKIE } from '../../shared/wire-names.js';
import {
  mergeCartOnSignIn,
  requestSignIn,
  verifyCode,
  verifyLink,
  type CustomerRow,
} from './customer-service.js';
import {
  clearCustomerCookies,
  createCustomerSession,
  customerAccountsOn,
  endCustomerSession,
  purgeCustomerSessions,
  setCustomerCookies,
} from './customer-session.js';
import { buildAccountContext } from './account-context.js';
import { accountHtml, codeHtml, linkHtml, signInHtml, type AccountView } from './account-pages.js';
import {
  addressFromForm,
  defaultAddress,
  deleteAddress,
  listAddresses,
  makeDefaultAddress,
  saveAddress,
} from './addresses.js';
import { listCustomers } from './customer-list.js';

const Crumb = Type.Optional(Type.String({ maxLength: 400 }));
const Next = Type.Optional(Type.String({ maxLength: 500 }));
const Email = Type.String({ maxLength: 256 });
const strict = { additionalProperties: false } as const;
const Str = (max: number) => Type.String({ maxLength: max });

const SignInBody = Type.Object({ email: Email, crumb: Crumb, next: Next }, strict);
const CodeBody = Type.Object(
  { request: Str(100), email: Email, code: Str(20), crumb: Crumb, next: Next },
  strict,
);
const LinkBody = Type.Object({ token: Str(200), crumb: Crumb }, strict);
const CrumbBody = Type.Object({ crumb: Crumb }, strict);
const AddressBody = Type.Object(
  {
    crumb: Crumb,
    firstName: Str(400),
    lastName: Str(400),
    line1: Str(800),
    line2: Type.Optional(Str(800)),
    city: Str(400),
    region: Type.Optional(Str(400)),
    postalCode: Type.Optional(Str(80)),
    country: Str(10),
    phone: Type.Optional(Str(160)),
    makeDefault: Type.Optional(Str(5)),
  },
  strict,
);
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const RemoveBody = Type.Object({ id: Str(100), crumb: Crumb }, strict);
const ListRemoveBody = Type.Object({ listId: Str(200), crumb: Crumb }, strict);
const AccountQuery = Type.Object({
  edit: Type.Optional(Str(100)),
  notice: Type.Optional(Str(20)),
});
const SignInQuery = Type.Object({ next: Next });
const LinkQuery = Type.Object({ token: Type.Optional(Str(200)) });
const ListQuery = Type.Object({
  q: Type.Optional(Str(CustomerLimits.searchMax)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});

/** Where to go after sign-in: a path on this website only (no open redirect, no header breakers). */
export function customerNext(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\'))
    return CUSTOMER_PAGES.account;
  if (hasControlChar(next)) return CUSTOMER_PAGES.account;
  const url = new URL(next, 'http://site.invalid');
  return url.host === 'site.invalid' ? `${url.pathname}${url.search}` : CUSTOMER_PAGES.account;
}

/**
 * Customer accounts (issue 14, docs/customers.md): passwordless sign-in, the account page,
 * saved addresses, the shopper's sign-ups, and the owner's Customers list. Every page is
 * server-rendered in the site's theme and language, `no-store`; all of it is a 404 while the
 * website has customer accounts off.
 */
export const customerRoutes: DomainRoutes = async (app, deps) => {
  // Hourly, one process at a time (the durable queue): customer sessions past expiry.
  deps.jobs.define('customer-session-purge', {
    everyMs: 60 * 60 * 1000,
    run: async () => purgeCustomerSessions(deps.db, deps.now()),
  });
  const mailer = mailerFor(deps, app.log);
  const renderer = pageRendererFor(deps);
  const mailsPerAddress = new RateLimit(
    deps.rates,
    'customer-mail',
    CustomerLimits.mailsPerAddressPerHour,
    60 * 60_000,
  );
  const codeAttempts = new RateLimit(
    deps.rates,
    'customer-code',
    CustomerLimits.codeAttemptsPer15Min,
    15 * 60_000,
  );
  const requestLimit = rateLimitConfig({
    max: CustomerLimits.requestsPerAddressPer10Min,
    perMs: 10 * 60_000,
  });
  const tokenLimit = rateLimitConfig({ max: 20, perMs: 60_000 });
  const formLimit = rateLimitConfig({ max: 60, perMs: 60_000 });

  const textsOf = (req: FastifyRequest) => customerTexts(req.site.language);
  const on = (req: FastifyRequest) => {
    if (!customerAccountsOn(req.site)) throw appError(ErrorCode.CUSTOMER_ACCOUNTS_OFF);
  };
  const limited = async (limit: RateLimit, key: string) => {
    const wait = await limit.hit(`${key}`);
    if (wait)
      throw appError(ErrorCode.RATE_LIMITED, undefined, {}, { 'retry-after': String(wait) });
  };
  const field = (req: FastifyRequest, name: string): string => {
    const v = (req.body as Record<string, unknown> | undefined)?.[name];
    return typeof v === 'string' ? v : '';
  };

  /** A customer page in the theme: no-store, noindex. */
  async function page(
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    p: { kind: string; title: string; html: string; pageType?: number },
  ) {
    const url = { path: req.url.split('?', 1)[0]!, query: { offset: 0 } };
    const { html, errors } = await renderer.renderWith(
      req.site,
      url,
      `${req.protocol}://${req.host}`,
      (_deps, pageReq) => ({
        status,
        ctx: buildAccountContext(pageReq, { pageType: p.pageType ?? PageType.SSO_PAGE, ...p }),
      }),
    );
    if (errors.length) req.log.warn({ templateErrors: errors, url: req.url }, 'template errors');
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  /** What a failed form says, in the site's language where we have the words. */
  const sayError = (t: CustomerTexts, code: string | undefined, message: string) =>
    code === ErrorCode.CUSTOMER_CODE_INVALID
      ? t.codeWrong
      : code === ErrorCode.CUSTOMER_LINK_INVALID
        ? t.linkInvalid
        : code === ErrorCode.EMAIL_INVALID
          ? t.emailInvalid
          : code === ErrorCode.RATE_LIMITED
            ? t.tooMany
            : message;

  /** A page route's errors are said on its page (status kept), never as JSON. */
  const pageErrors =
    (
      render: (
        req: FastifyRequest,
        t: CustomerTexts,
        error: string,
      ) => { kind: string; title: string; html: string },
    ) =>
    async (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const wire = wireError(err, req.log);
      if (wire.code === ErrorCode.CUSTOMER_ACCOUNTS_OFF || !req.site) {
        return reply.code(wire.status).header('cache-control', 'no-store').send(wire);
      }
      if (err instanceof AppError)
        for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      const t = textsOf(req);
      return page(req, reply, wire.status, render(req, t, sayError(t, wire.code, wire.message)));
    };

  /** Signs the customer in on this reply: the merged cart, the session and its cookies. */
  async function signIn(req: FastifyRequest, reply: FastifyReply, customer: CustomerRow) {
    const now = deps.now();
    const secure = cookieSecure(req, deps.config.secureCookies);
    const cartId = await mergeCartOnSignIn(
      deps.db,
      req.site.id,
      customer,
      cartIdOf(req, deps.config.secret),
      new Date(now),
    );
    if (cartId)
      setCartCookie(reply, { secret: deps.config.secret, siteId: req.site.id, cartId, secure });
    await endCustomerSession(deps.db, req.cookies[CUSTOMER_SESSION_COOKIE]);
    const token = await createCustomerSession(deps.db, req.site.id, customer.id, now);
    setCustomerCookies(req, reply, {
      token,
      customerId: customer.id,
      secureCookies: deps.config.secureCookies,
    });
  }

  const signInPage = (req: FastifyRequest, t: CustomerTexts, error?: string) => ({
    kind: 'sign-in',
    title: t.signInTitle,
    html: signInHtml(t, {
      crumb: req.crumb,
      email: field(req, 'email'),
      ...(error ? { error } : {}),
      next: field(req, 'next') || ((req.query as { next?: string } | undefined)?.next ?? ''),
    }),
  });

  // ---- Sign-in -------------------------------------------------------------------------------

  app.get(CUSTOMER_PAGES.signIn, { schema: { querystring: SignInQuery } }, async (req, reply) => {
    on(req);
    if (req.customer)
      return reply.header('cache-control', 'no-store').redirect(customerNext(req.query.next), 303);
    return page(req, reply, 200, signInPage(req, textsOf(req)));
  });

  app.post(
    CUSTOMER_PAGES.signIn,
    {
      schema: { body: SignInBody },
      config: requestLimit,
      errorHandler: pageErrors((req, t, error) => signInPage(req, t, error)),
    },
    async (req, reply) => {
      on(req);
      const t = textsOf(req);
      const email = req.body.email.trim().toLowerCase();
      if (!email) throw appError(ErrorCode.EMAIL_INVALID);
      await limited(mailsPerAddress, `${req.site.id}:${email}`);
      const started = await requestSignIn(
        {
          db: deps.db,
          mailer,
          now: deps.now,
          site: { id: req.site.id, title: req.site.title, language: req.site.language },
          origin: siteBaseUrl(req.site, deps.config),
        },
        req.body.email,
      );
      return page(req, reply, 200, {
        kind: 'code',
        title: t.codeTitle,
        html: codeHtml(t, {
          crumb: req.crumb,
          email: started.email,
          request: started.request,
          ...(req.body.next ? { next: req.body.next } : {}),
        }),
      });
    },
  );

  app.post(
    CUSTOMER_PAGES.code,
    {
      schema: { body: CodeBody },
      config: tokenLimit,
      errorHandler: pageErrors((req, t, error) =>
        field(req, 'request')
          ? {
              kind: 'code',
              title: t.codeTitle,
              html: codeHtml(t, {
                crumb: req.crumb,
                email: field(req, 'email'),
                request: field(req, 'request'),
                error,
                next: field(req, 'next'),
              }),
            }
          : signInPage(req, t, error),
      ),
    },
    async (req, reply) => {
      on(req);
      // Counted per sign-in request: the code's only guessers are those who hold its request id.
      await limited(codeAttempts, `${req.site.id}:${req.body.request}`);
      const customer = await verifyCode(deps.db, req.site.id, req.body, new Date(deps.now()));
      await signIn(req, reply, customer);
      return reply.header('cache-control', 'no-store').redirect(customerNext(req.body.next), 303);
    },
  );

  // Opening the mailed link only shows a button: mail scanners that fetch links use nothing up.
  app.get(CUSTOMER_PAGES.link, { schema: { querystring: LinkQuery } }, async (req, reply) => {
    on(req);
    const t = textsOf(req);
    return page(req, reply, 200, {
      kind: 'link',
      title: t.linkTitle,
      html: linkHtml(t, {
        crumb: req.crumb,
        token: req.query.token ?? '',
        siteTitle: req.site.title,
      }),
    });
  });

  app.post(
    CUSTOMER_PAGES.link,
    {
      schema: { body: LinkBody },
      config: tokenLimit,
      errorHandler: pageErrors((req, t, error) => ({
        kind: 'link',
        title: t.linkTitle,
        html: linkHtml(t, { crumb: req.crumb, token: '', siteTitle: req.site.title, error }),
      })),
    },
    async (req, reply) => {
      on(req);
      const customer = await verifyLink(deps.db, req.site.id, req.body.token, new Date(deps.now()));
      await signIn(req, reply, customer);
      return reply.header('cache-control', 'no-store').redirect(CUSTOMER_PAGES.account, 303);
    },
  );

  app.post(CUSTOMER_PAGES.signOut, { schema: { body: CrumbBody } }, async (req, reply) => {
    await endCustomerSession(deps.db, req.cookies[CUSTOMER_SESSION_COOKIE]);
    clearCustomerCookies(reply);
    // The cart stays with the account; this browser stops showing it.
    reply.clearCookie(CART_COOKIE, { path: '/' });
    reply.clearCookie(CART_HINT_COOKIE, { path: '/' });
    return reply.header('cache-control', 'no-store').redirect('/', 303);
  });

  // ---- The account page ----------------------------------------------------------------------

  async function accountView(
    req: FastifyRequest,
    extra: Partial<AccountView> = {},
  ): Promise<AccountView> {
    const c = req.customer!;
    const siteId = req.site.id;
    const secret = deps.config.secret;
    const language = req.site.language;
    const t = textsOf(req);
    const [orders, addresses, subscriptions, restock, lists] = await Promise.all([
      customerOrders(deps.db, secret, siteId, c),
      listAddresses(deps.db, c.id),
      subscriptionsOf(deps.db, secret, siteId, c.email),
      restockSignupsOf(deps.db, siteId, c.email),
      listsOf(deps.db, siteId, c.email),
    ]);
    return {
      crumb: req.crumb,
      language,
      email: c.email,
      orders,
      addresses,
      subscriptions,
      restock,
      lists,
      statusWords: {
        ...statusWords(language),
        active: t.subActive,
        paused: t.subPaused,
        past_due: t.subPastDue,
        completed: t.subCompleted,
      },
      ...extra,
    };
  }

  const accountPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    view: AccountView,
  ) => {
    const t = textsOf(req);
    return page(req, reply, status, {
      kind: 'account',
      title: t.accountTitle,
      html: accountHtml(t, view),
    });
  };

  /** Signed-out visitors of account pages go to sign-in (and come back). */
  const needCustomer = (req: FastifyRequest, reply: FastifyReply) => {
    if (req.customer) return false;
    void reply
      .header('cache-control', 'no-store')
      .redirect(`${CUSTOMER_PAGES.signIn}?next=${encodeURIComponent(CUSTOMER_PAGES.account)}`, 303);
    return true;
  };
  const noticeOf = (t: CustomerTexts, n: string | undefined) =>
    n === 'saved' ? t.saved : n === 'removed' ? t.removed : undefined;

  app.get(CUSTOMER_PAGES.account, { schema: { querystring: AccountQuery } }, async (req, reply) => {
    on(req);
    if (needCustomer(req, reply)) return reply;
    const t = textsOf(req);
    const view = await accountView(req, { notice: noticeOf(t, req.query.notice) });
    const edit = req.query.edit;
    if (edit === 'new') view.editing = 'new';
    else if (edit) {
      const found = view.addresses.find((a) => a.id === edit);
      if (found) {
        view.editing = found.id;
        view.formValues = found.address;
      }
    }
    return accountPage(req, reply, 200, view);
  });

  const back = (reply: FastifyReply, notice: 'saved' | 'removed', hash: string) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(`${CUSTOMER_PAGES.account}?notice=${notice}#${hash}`, 303);

  const addressErrors = pageErrors((req, t, error) => ({
    kind: 'account',
    title: t.accountTitle,
    html: `<p class="account-error" role="alert">${error.replace(/[<>&"]/g, '')}</p><p><a class="button" href="${CUSTOMER_PAGES.account}">${t.accountTitle}</a></p>`,
  }));

  const postAddress = async (
    req: FastifyRequest<{ Body: typeof AddressBody.static }>,
    reply: FastifyReply,
    id: string | undefined,
  ) => {
    on(req);
    if (needCustomer(req, reply)) return reply;
    const { crumb: _c, makeDefault, ...form } = req.body;
    const { address, errors } = addressFromForm(form);
    if (Object.keys(errors).length) {
      // Said beside each field, with what was typed kept; nothing is written.
      const view = await accountView(req, {
        editing: id ?? 'new',
        formValues: address,
        formErrors: errors,
      });
      return accountPage(req, reply, 400, view);
    }
    await saveAddress(
      deps.db,
      { id: req.customer!.id, siteId: req.site.id },
      id,
      address,
      makeDefault === '1',
    );
    return back(reply, 'saved', 'account-addresses-h');
  };

  app.post(
    CUSTOMER_PAGES.addresses,
    { schema: { body: AddressBody }, config: formLimit, errorHandler: addressErrors },
    async (req, reply) => postAddress(req, reply, undefined),
  );
  app.post(
    '/account/addresses/:id',
    {
      schema: { params: IdParams, body: AddressBody },
      config: formLimit,
      errorHandler: addressErrors,
    },
    async (req, reply) => postAddress(req, reply, req.params.id),
  );
  app.post(
    '/account/addresses/:id/delete',
    {
      schema: { params: IdParams, body: CrumbBody },
      config: formLimit,
      errorHandler: addressErrors,
    },
    async (req, reply) => {
      on(req);
      if (needCustomer(req, reply)) return reply;
      await deleteAddress(deps.db, req.customer!.id, req.params.id);
      return back(reply, 'removed', 'account-addresses-h');
    },
  );
  app.post(
    '/account/addresses/:id/default',
    {
      schema: { params: IdParams, body: CrumbBody },
      config: formLimit,
      errorHandler: addressErrors,
    },
    async (req, reply) => {
      on(req);
      if (needCustomer(req, reply)) return reply;
      await makeDefaultAddress(deps.db, req.customer!.id, req.params.id);
      return back(reply, 'saved', 'account-addresses-h');
    },
  );

  app.post(
    CUSTOMER_PAGES.restockRemove,
    { schema: { body: RemoveBody }, config: formLimit, errorHandler: addressErrors },
    async (req, reply) => {
      on(req);
      if (needCustomer(req, reply)) return reply;
      if (!(await removeRestockSignup(deps.db, req.site.id, req.customer!.email, req.body.id)))
        throw appError(ErrorCode.NOT_FOUND);
      return back(reply, 'removed', 'account-restock-h');
    },
  );

  app.post(
    CUSTOMER_PAGES.newsletterRemove,
    { schema: { body: ListRemoveBody }, config: formLimit, errorHandler: addressErrors },
    async (req, reply) => {
      on(req);
      if (needCustomer(req, reply)) return reply;
      if (
        !(await leaveList(deps.db, req.site.id, req.customer!.email, req.body.listId, deps.now()))
      )
        throw appError(ErrorCode.NOT_FOUND);
      return back(reply, 'removed', 'account-newsletters-h');
    },
  );

  // ---- JSON: the checkout's prefill, the owner's list ---------------------------------------

  app.get(CUSTOMER_ME_PATH, async (req, reply): Promise<CustomerMe> => {
    on(req);
    reply.header('cache-control', 'no-store');
    const c = req.customer;
    if (!c) throw appError(ErrorCode.CUSTOMER_SIGN_IN_REQUIRED);
    return {
      id: c.id,
      email: c.email,
      name: c.name,
      defaultAddress: await defaultAddress(deps.db, c.id),
    };
  });

  app.get(
    CUSTOMER_API.list,
    { schema: { querystring: ListQuery }, preValidation: ownerGuard(deps.db, 'commerce') },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listCustomers(deps.db, req.site, { q: req.query.q ?? '', page: req.query.page ?? 1 });
    },
  );
};

export type { AppDeps };

import { Type } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, DomainRoutes } from '../deps.js';
import { appError } from '../errors/app-error.js';
import { wireError } from '../errors/error-handler.js';
import { rateLimitConfig } from '../http/rate-limit-config.js';
import { RateLimit } from '../platform/rate-limits.js';
import { mailerFor } from '../mail/mailer-registry.js';
import { siteBaseUrl } from '../mail/site-url.js';
import { ErrorCode } from '../../shared/errors.js';
import {
  ACCOUNT_API,
  ACCOUNT_PAGES,
  MAX_PASSWORD_LENGTH,
  type SecurityStatus,
  type TotpConfirmed,
  type TotpEnrolment,
} from '../../shared/accounts/api.js';
import {
  confirmPasswordReset,
  requestPasswordReset,
  resendVerification,
  signUp,
  verifyEmail,
  type AccountContext,
} from './account-service.js';
import {
  renderCheckEmailPage,
  renderForgotPage,
  renderResetPage,
  renderSignupPage,
  renderVerifyPage,
} from './account-pages.js';
import { accountGuard } from './account-guard.js';
import { startSession } from './start-session.js';
import { requestSiteTitle } from './request-site-title.js';
import {
  confirmEnrolment,
  disableTwoStep,
  securityStatus,
  startEnrolment,
} from './two-step-service.js';

const Email = Type.String({ minLength: 3, maxLength: 256 });
const Password = Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH });
const Token = Type.String({ minLength: 1, maxLength: 200 });
const Crumb = Type.Optional(Type.String({ maxLength: 200 }));
const Code = Type.String({ minLength: 1, maxLength: 20 });
const strict = { additionalProperties: false } as const;

const SignupBody = Type.Object({ email: Email, password: Password, crumb: Crumb }, strict);
const EmailBody = Type.Object({ email: Email, crumb: Crumb }, strict);
const TokenBody = Type.Object({ token: Token, crumb: Crumb }, strict);
const ResetBody = Type.Object({ token: Token, password: Password, crumb: Crumb }, strict);
const CodeBody = Type.Object({ code: Code }, strict);
const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

/** Code attempts per account, two-step sign-in and its settings alike: 10 per 15 minutes. */
export function twoStepAttempts(deps: AppDeps): RateLimit {
  return new RateLimit(deps.rates, 'two-step', 10, 15 * 60_000);
}

/**
 * Sign-up, email verification, password reset (JSON API and their no-JavaScript pages) and the
 * signed-in owner's two-step sign-in settings (issue 16; docs/accounts.md).
 */
export const accountRoutes: DomainRoutes = async (app, deps) => {
  const mailer = mailerFor(deps, app.log);
  const codeAttempts = twoStepAttempts(deps);
  // Mail to one address: 5 an hour, whoever asks (no mailbox flooding through our forms).
  const mailsPerAddress = new RateLimit(deps.rates, 'account-mail', 5, 60 * 60_000);
  // Per client address, each route counted on its own.
  const mailLimit = rateLimitConfig({ max: 10, perMs: 10 * 60_000 });
  const tokenLimit = rateLimitConfig({ max: 20, perMs: 60_000 });

  const ctxOf = (req: FastifyRequest): AccountContext => ({
    db: deps.db,
    mailer,
    now: deps.now,
    site: { id: req.site.id, title: req.site.title },
    origin: siteBaseUrl(req.site, deps.config),
  });
  const checkSignupOpen = () => {
    if (!deps.config.allowSignup) throw appError(ErrorCode.SIGNUP_DISABLED);
  };
  const limitMail = async (email: string) => {
    const wait = await mailsPerAddress.hit(email.trim().toLowerCase());
    if (wait)
      throw appError(ErrorCode.RATE_LIMITED, undefined, {}, { 'retry-after': String(wait) });
  };
  const currentSessionId = (req: FastifyRequest) => req.owner?.sessionId;

  /** An HTML answer of an account page, never cached (it holds the visitor's crumb). */
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);
  /** "Check your email": what every mail-sending form answers, whether or not a mail went. */
  const checkEmail = (
    req: FastifyRequest,
    reply: FastifyReply,
    email: string,
    what: 'verify' | 'reset',
  ) =>
    html(
      reply,
      200,
      renderCheckEmailPage({ siteTitle: requestSiteTitle(req), email: email.trim(), what }),
    );
  /** A page route's errors (stale crumb, limits, bad fields) are said on its page, not as JSON. */
  const pageErrors =
    (render: (req: FastifyRequest, error: string) => string) =>
    (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const wire = wireError(err, req.log);
      return html(reply, wire.status, render(req, wire.message));
    };
  const fieldOf = (req: FastifyRequest, name: string): string => {
    const v = (req.body as Record<string, unknown> | undefined)?.[name];
    return typeof v === 'string' ? v : '';
  };

  // ---- Sign-up -------------------------------------------------------------------------------

  app.post(
    ACCOUNT_API.signup,
    { schema: { body: SignupBody }, config: mailLimit },
    async (req, reply) => {
      checkSignupOpen();
      await limitMail(req.body.email);
      await signUp(ctxOf(req), req.body);
      return reply.status(201).send({ ok: true });
    },
  );

  app.get(ACCOUNT_PAGES.signup, async (req, reply) =>
    deps.config.allowSignup
      ? html(reply, 200, renderSignupPage({ crumb: req.crumb, siteTitle: requestSiteTitle(req) }))
      : html(
          reply,
          403,
          renderSignupPage({
            crumb: req.crumb,
            siteTitle: requestSiteTitle(req),
            closed: true,
            error: appError(ErrorCode.SIGNUP_DISABLED).message,
          }),
        ),
  );

  const signupPageError = (req: FastifyRequest, error: string) =>
    renderSignupPage({
      crumb: req.crumb,
      siteTitle: requestSiteTitle(req),
      error,
      email: fieldOf(req, 'email'),
      closed: !deps.config.allowSignup,
    });
  app.post(
    ACCOUNT_PAGES.signup,
    {
      schema: { body: SignupBody },
      config: mailLimit,
      errorHandler: pageErrors(signupPageError),
    },
    async (req, reply) => {
      checkSignupOpen();
      await limitMail(req.body.email);
      await signUp(ctxOf(req), req.body);
      return checkEmail(req, reply, req.body.email, 'verify');
    },
  );

  // ---- Verification --------------------------------------------------------------------------

  app.post(
    ACCOUNT_API.verify,
    { schema: { body: TokenBody }, config: tokenLimit },
    async (req, reply) => {
      const verified = await verifyEmail(deps.db, req.body.token, deps.now());
      if (!verified.signIn) return { ok: true, signedIn: false };
      const roles = await startSession(deps, req, reply, verified.ownerId);
      return { ok: true, signedIn: true, ownerId: verified.ownerId, roles };
    },
  );

  app.post(
    ACCOUNT_API.resendVerification,
    { schema: { body: EmailBody }, config: mailLimit },
    async (req, reply) => {
      await limitMail(req.body.email);
      await resendVerification(ctxOf(req), req.body.email);
      return reply.status(202).send({ ok: true });
    },
  );

  // Opening the mailed link only shows a button: scanners that fetch links use nothing up.
  app.get(ACCOUNT_PAGES.verify, { schema: { querystring: TokenQuery } }, async (req, reply) =>
    html(
      reply,
      200,
      renderVerifyPage({
        crumb: req.crumb,
        siteTitle: requestSiteTitle(req),
        token: req.query.token ?? '',
      }),
    ),
  );

  app.post(
    ACCOUNT_PAGES.verify,
    {
      schema: { body: TokenBody },
      config: tokenLimit,
      errorHandler: pageErrors((req, error) =>
        renderVerifyPage({ crumb: req.crumb, siteTitle: requestSiteTitle(req), token: '', error }),
      ),
    },
    async (req, reply) => {
      const verified = await verifyEmail(deps.db, req.body.token, deps.now());
      if (!verified.signIn) return reply.redirect(`${ACCOUNT_PAGES.login}?notice=verified`, 303);
      await startSession(deps, req, reply, verified.ownerId);
      // An owner without a website yet: /config says what to do next (docs/accounts.md).
      return reply.redirect('/config', 303);
    },
  );

  app.post(
    `${ACCOUNT_PAGES.verify}/resend`,
    {
      schema: { body: EmailBody },
      config: mailLimit,
      errorHandler: pageErrors((req, error) =>
        renderVerifyPage({ crumb: req.crumb, siteTitle: requestSiteTitle(req), token: '', error }),
      ),
    },
    async (req, reply) => {
      await limitMail(req.body.email);
      await resendVerification(ctxOf(req), req.body.email);
      return checkEmail(req, reply, req.body.email, 'verify');
    },
  );

  // ---- Password reset ------------------------------------------------------------------------

  app.post(
    ACCOUNT_API.passwordReset,
    { schema: { body: EmailBody }, config: mailLimit },
    async (req, reply) => {
      await limitMail(req.body.email);
      await requestPasswordReset(ctxOf(req), req.body.email);
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    ACCOUNT_API.passwordResetConfirm,
    { schema: { body: ResetBody }, config: tokenLimit },
    async (req) => {
      await confirmPasswordReset(ctxOf(req), {
        token: req.body.token,
        password: req.body.password,
        keepSessionId: currentSessionId(req),
      });
      return { ok: true };
    },
  );

  app.get(ACCOUNT_PAGES.forgot, async (req, reply) =>
    html(reply, 200, renderForgotPage({ crumb: req.crumb, siteTitle: requestSiteTitle(req) })),
  );

  app.post(
    ACCOUNT_PAGES.forgot,
    {
      schema: { body: EmailBody },
      config: mailLimit,
      errorHandler: pageErrors((req, error) =>
        renderForgotPage({
          crumb: req.crumb,
          siteTitle: requestSiteTitle(req),
          error,
          email: fieldOf(req, 'email'),
        }),
      ),
    },
    async (req, reply) => {
      await limitMail(req.body.email);
      await requestPasswordReset(ctxOf(req), req.body.email);
      return checkEmail(req, reply, req.body.email, 'reset');
    },
  );

  app.get(ACCOUNT_PAGES.reset, { schema: { querystring: TokenQuery } }, async (req, reply) =>
    html(
      reply,
      200,
      renderResetPage({
        crumb: req.crumb,
        siteTitle: requestSiteTitle(req),
        token: req.query.token ?? '',
      }),
    ),
  );

  app.post(
    ACCOUNT_PAGES.reset,
    {
      schema: { body: ResetBody },
      config: tokenLimit,
      errorHandler: pageErrors((req, error) => {
        const e = appError(ErrorCode.TOKEN_INVALID).message;
        return renderResetPage({
          crumb: req.crumb,
          siteTitle: requestSiteTitle(req),
          // A used or expired link cannot be tried again: the page offers a new one instead.
          token: error === e ? '' : fieldOf(req, 'token'),
          error,
        });
      }),
    },
    async (req, reply) => {
      await confirmPasswordReset(ctxOf(req), {
        token: req.body.token,
        password: req.body.password,
        keepSessionId: currentSessionId(req),
      });
      return reply.redirect(`${ACCOUNT_PAGES.login}?notice=reset`, 303);
    },
  );

  // ---- Two-step sign-in settings (the signed-in owner's own account) -------------------------

  const guard = accountGuard();
  const limitCodes = async (req: FastifyRequest) => {
    const wait = await codeAttempts.hit(req.owner!.ownerId);
    if (wait)
      throw appError(ErrorCode.RATE_LIMITED, undefined, {}, { 'retry-after': String(wait) });
  };

  app.get(
    ACCOUNT_API.security,
    { preValidation: guard },
    async (req, reply): Promise<SecurityStatus> => {
      reply.header('cache-control', 'no-store');
      return securityStatus(deps.db, req.owner!.ownerId);
    },
  );

  app.post(
    ACCOUNT_API.totpEnrol,
    { preValidation: guard },
    async (req, reply): Promise<TotpEnrolment> => {
      reply.header('cache-control', 'no-store');
      return startEnrolment(deps.db, req.owner!.ownerId);
    },
  );

  app.post(
    ACCOUNT_API.totpConfirm,
    { preValidation: guard, schema: { body: CodeBody } },
    async (req, reply): Promise<TotpConfirmed> => {
      await limitCodes(req);
      reply.header('cache-control', 'no-store');
      return confirmEnrolment(deps.db, req.owner!.ownerId, req.body.code, deps.now());
    },
  );

  app.post(
    ACCOUNT_API.totpDisable,
    { preValidation: guard, schema: { body: CodeBody } },
    async (req) => {
      await limitCodes(req);
      await disableTwoStep(deps.db, req.owner!.ownerId, req.body.code, deps.now());
      return { ok: true };
    },
  );
};

import { Type } from '@sinclair/typebox';
import type { DomainRoutes } from '../deps.js';
import { guardedOwnerId, ownerGuard } from '../http/owner-guard.js';
import { rolesOf } from '../owners/owner-service.js';
import { allows } from '../../shared/team/permissions.js';
import { TEAM_INVITE_MAIL_KIND } from '../../shared/team/members.js';
import { escapeHtml } from '../../shared/html.js';
import { PageType } from '../../shared/enums.js';
import { closeMailerFor, mailerFor, MAIL_OUTBOX_POLL_MS } from './mailer-registry.js';
import { memberByToken, unsubscribeByToken } from './unsubscribe.js';
import { mailTexts } from './mail-texts.js';
import type { Site } from '../sites/site-queries.js';
import { mailingListRoutes } from './list-routes.js';

const OutboxQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
const TokenBody = Type.Object(
  {
    token: Type.Optional(Type.String({ maxLength: 200 })),
    'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: true },
);

/** The mail domain's HTTP routes: the owner's outbox and the unsubscribe page. */
export const mailRoutes: DomainRoutes = async (app, deps) => {
  app.addHook('onClose', async () => closeMailerFor(deps));
  await mailingListRoutes(app, deps);
  // Delivers what no process's kick after its commit did (a crash, a retry that came due).
  deps.jobs.define('mail-outbox', {
    everyMs: MAIL_OUTBOX_POLL_MS,
    run: () => mailerFor(deps, app.log).drain(),
  });

  /** Mail of this website, newest first (signed-in owners with a role on it). */
  app.get(
    '/api/mail/outbox',
    { schema: { querystring: OutboxQuery }, preValidation: ownerGuard(deps.db, 'view') },
    async (req) => {
      const q = req.query;
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? 20;
      // An invite mail holds a working link to join with its role: only the roles that manage
      // the team may read it (a viewer could otherwise join as an invited admin).
      const roles = await rolesOf(deps.db, guardedOwnerId(req), req.site.id);
      const seesInvites = allows(roles, 'settings');
      const rows = await deps.db
        .selectFrom('outbox')
        .select([
          'id',
          'kind',
          'to_address',
          'subject',
          'text_body',
          'html_body',
          'headers',
          'status',
          'attempts',
          'last_error',
          'created_at',
          'sent_at',
        ])
        .where('site_id', '=', req.site.id)
        .$if(!seesInvites, (qb) => qb.where('kind', '<>', TEAM_INVITE_MAIL_KIND))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize)
        .execute();
      return {
        items: rows.slice(0, pageSize).map((r) => ({
          id: String(r.id),
          kind: r.kind,
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          html: r.html_body,
          headers: r.headers,
          status: r.status,
          attempts: r.attempts,
          lastError: r.last_error,
          createdOn: r.created_at,
          sentOn: r.sent_at,
        })),
        page,
        pageSize,
        hasNextPage: rows.length > pageSize,
      };
    },
  );

  // GET: the link in the mail. It only asks (mail scanners open links; issue 11): a page naming
  // the address, with a button that POSTs. Newsletter unsubscribe page, SPEC 2.1 page type 300.
  app.get('/unsubscribe', { schema: { querystring: TokenQuery } }, async (req, reply) => {
    const { token } = req.query;
    const member = token ? await memberByToken(deps.db, req.site.id, token) : undefined;
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    const page =
      member && token
        ? member.unsubscribed
          ? donePage(req.site, member.email)
          : confirmPage(req.site, member.email, token)
        : invalidPage(req.site);
    return reply
      .status(member ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(page);
  });

  // The confirmation page's button, and RFC 8058 one-click: mail providers POST
  // `List-Unsubscribe=One-Click` to the link, without cookies, so no crumb; the signed token
  // (an HMAC only the server can make, looked up on this website) is the capability.
  app.post(
    '/unsubscribe',
    { config: { crumb: false }, schema: { querystring: TokenQuery, body: TokenBody } },
    async (req, reply) => {
      const body = req.body;
      const token = req.query.token ?? body?.token;
      const member = token
        ? await unsubscribeByToken(deps.db, token, deps.now(), req.site.id)
        : undefined;
      const status = member ? 200 : 404;
      reply.header('cache-control', 'no-store');
      if (body?.['List-Unsubscribe'] === 'One-Click' || !acceptsHtml(req.headers.accept)) {
        return reply.status(status).send({ unsubscribed: member !== undefined });
      }
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(member ? donePage(req.site, member.email) : invalidPage(req.site));
    },
  );
};

function acceptsHtml(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('text/html');
}

function confirmPage(site: Site, email: string, token: string): string {
  const t = mailTexts(site.language).unsubscribePage;
  return unsubscribePage(
    site,
    t.confirmTitle,
    `<p>${t.confirmBody(`<strong>${escapeHtml(email)}</strong>`, escapeHtml(site.title))}</p>
<form method="post" action="/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(t.button)}</button></form>`,
  );
}

function donePage(site: Site, email: string): string {
  const t = mailTexts(site.language).unsubscribePage;
  return unsubscribePage(
    site,
    t.doneTitle,
    `<p>${t.doneBody(`<strong>${escapeHtml(email)}</strong>`, escapeHtml(site.title))}</p>`,
  );
}

function invalidPage(site: Site): string {
  const t = mailTexts(site.language).unsubscribePage;
  return unsubscribePage(site, t.invalidTitle, `<p>${escapeHtml(t.invalidBody)}</p>`);
}

/** A page of its own (no theme): it must work for a list whose site is gone or unpublished. */
function unsubscribePage(site: Site, title: string, body: string): string {
  const t = mailTexts(site.language);
  const siteTitle = site.title;
  // Japanese reads best in the system's Japanese fonts; nothing is downloaded.
  const fonts =
    t.lang === 'ja'
      ? `'Hiragino Sans','Noto Sans JP','Yu Gothic',Meiryo,system-ui,sans-serif`
      : 'system-ui,sans-serif';
  return `<!doctype html>
<html lang="${escapeHtml(site.language || t.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(siteTitle)}</title>
<style>body{font-family:${fonts};max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.6;overflow-wrap:anywhere}h1{font-size:1.6rem;line-height:1.4}a{color:inherit}button{font:inherit;min-height:44px;padding:.6rem 1.4rem;border:0;border-radius:4px;background:#1d1d1b;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #2a6ef5;outline-offset:2px}a{display:inline-block;padding:.6rem 0}</style>
</head><body data-page-type="${PageType.NEWSLETTER_UNSUBSCRIBE}"><main><h1>${escapeHtml(title)}</h1>${body}
<p><a href="/">${escapeHtml(t.unsubscribePage.backTo(siteTitle))}</a></p></main></body></html>`;
}

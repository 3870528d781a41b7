import { Type, type Static } from '@sinclair/typebox';
import type { DomainRoutes } from '../deps.js';
import { requireOwner } from '../http/request-context.js';
import { escapeHtml } from '../../shared/html.js';
import { PageType } from '../../shared/enums.js';
import { closeMailerFor, mailerFor, MAIL_OUTBOX_POLL_MS } from './mailer-registry.js';
import { unsubscribeByToken } from './unsubscribe.js';

const OutboxQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
const TokenBody = Type.Object(
  { token: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: true },
);

/** The mail domain's HTTP routes: the owner's outbox and the unsubscribe page. */
export const mailRoutes: DomainRoutes = async (app, deps) => {
  app.addHook('onClose', async () => closeMailerFor(deps));
  // Delivers what no process's kick after its commit did (a crash, a retry that came due).
  deps.jobs.define('mail-outbox', {
    everyMs: MAIL_OUTBOX_POLL_MS,
    run: () => mailerFor(deps, app.log).drain(),
  });

  /** Mail of this website, newest first (signed-in owners with a role on it). */
  app.get(
    '/api/mail/outbox',
    { schema: { querystring: OutboxQuery }, preHandler: requireOwner(deps.db) },
    async (req) => {
      const q = req.query as Static<typeof OutboxQuery>;
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? 20;
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

  // GET: the link in the mail. It unsubscribes at once and says so (newsletter unsubscribe page,
  // SPEC 2.1 page type 300); the link is the capability, so no sign-in and no crumb.
  app.get('/unsubscribe', { schema: { querystring: TokenQuery } }, async (req, reply) => {
    const { token } = req.query as Static<typeof TokenQuery>;
    const member = token ? await unsubscribeByToken(deps.db, token, deps.now()) : undefined;
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    return reply
      .status(member ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(req.site.title, member?.email));
  });

  // RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` without cookies.
  app.post(
    '/unsubscribe',
    { config: { crumb: false }, schema: { querystring: TokenQuery, body: TokenBody } },
    async (req, reply) => {
      const token =
        (req.query as Static<typeof TokenQuery>).token ??
        (req.body as Static<typeof TokenBody> | undefined)?.token;
      const member = token ? await unsubscribeByToken(deps.db, token, deps.now()) : undefined;
      return reply.status(member ? 200 : 404).send({ unsubscribed: member !== undefined });
    },
  );
};

function unsubscribePage(siteTitle: string, email: string | undefined): string {
  const title = email ? 'You have been unsubscribed' : 'This unsubscribe link is not valid';
  const body = email
    ? `<p><strong>${escapeHtml(email)}</strong> will no longer receive these emails from ${escapeHtml(siteTitle)}.</p>`
    : '<p>The link may be incomplete. Please copy the whole link from the email.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(siteTitle)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head><body data-page-type="${PageType.NEWSLETTER_UNSUBSCRIBE}"><main><h1>${escapeHtml(title)}</h1>${body}
<p><a href="/">Back to ${escapeHtml(siteTitle)}</a></p></main></body></html>`;
}

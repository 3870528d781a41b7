import { Type } from '@sinclair/typebox';
import type { DomainRoutes } from '../deps.js';
import { appError } from '../errors/app-error.js';
import { ownerGuard } from '../http/owner-guard.js';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { blockPropsLoaders } from '../render/block-props.js';
import { siteBaseUrl } from '../mail/site-url.js';
import { captchaRoutes } from '../captcha/routes.js';
import { HONEYPOT_FIELD, type FormPageContext } from '../../shared/forms/types.js';
import { findForm, formBlockProps, toPublicForm } from './form-queries.js';
import { issueSubmissionKey } from './submission-keys.js';
import { RateLimit } from '../platform/rate-limits.js';
import { submitForm } from './submit-service.js';
import { validateAdditionalFields } from './validate-additional-fields.js';
import { ownerFormsRoutes } from './owner-routes.js';

const ctxString = Type.Optional(Type.String({ maxLength: 2000 }));
const SaveBody = Type.Object(
  {
    key: Type.String({ maxLength: 200 }),
    formId: Type.String({ minLength: 1, maxLength: 200 }),
    form: Type.Union([
      Type.String({ maxLength: 128 * 1024 }),
      Type.Record(Type.String(), Type.Unknown()),
    ]),
    captchaKey: Type.Optional(Type.String({ maxLength: 8192 })),
    pagePath: ctxString,
    pageTitle: ctxString,
    pageId: ctxString,
    collectionId: ctxString,
    itemId: ctxString,
    contentSource: Type.Optional(Type.Union([Type.Literal('i'), Type.Literal('c')])),
    [HONEYPOT_FIELD]: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);

const SubmissionsQuery = Type.Object({
  formId: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

const SchemaQuery = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 20 })),
  id: Type.Optional(Type.String({ maxLength: 200 })),
  formId: Type.Optional(Type.String({ maxLength: 200 })),
});

/** SPEC 8.4's error body (`data.errors`, `data.error`): the registered 'forms' variant. */
const formErrors = { errorEnvelope: 'forms' } as const;

function isIpHost(host: string): boolean {
  const name = host.replace(/:\d+$/, '');
  return /^[\d.]+$/.test(name) || name.startsWith('[');
}

/** The forms domain's HTTP routes. */
export const formsRoutes: DomainRoutes = async (app, deps) => {
  await captchaRoutes(app, deps);
  await ownerFormsRoutes(app, deps);

  // Page blocks {type:'form'|'newsletter', data:{formId}} become these islands' props.
  const loader = async (args: Parameters<NonNullable<typeof blockPropsLoaders.form>>[0]) => {
    const formId = args.block.data.formId;
    if (typeof formId !== 'string') return null;
    return formBlockProps(
      args.db,
      args.site.id,
      formId,
      {
        pagePath: args.page.path,
        pageTitle: args.page.title,
        collectionId: args.page.collectionId,
        contentSource: 'c',
      },
      args.site,
    );
  };
  blockPropsLoaders.form = loader;
  blockPropsLoaders.newsletter = loader;

  // Submissions a minute (config: FORM_RATE_PER_ADDRESS, FORM_RATE_PER_SITE, FORM_KEY_RATE_PER_ADDRESS).
  const limits = deps.config.formRates;
  const perAddress = new RateLimit(deps.rates, 'form-address', limits.perAddress, 60_000);
  const perSite = new RateLimit(deps.rates, 'form-site', limits.perSite, 60_000);
  const keysPerAddress = new RateLimit(deps.rates, 'form-key', limits.keysPerAddress, 60_000);
  const rateLimited = (retryAfter: number) =>
    appError(
      ErrorCode.RATE_LIMITED,
      Messages.FORM_RATE_LIMITED,
      {},
      {
        'retry-after': String(retryAfter),
      },
    );

  app.post('/api/form/FormSubmissionKey', { config: formErrors }, async (req, reply) => {
    const wait = await keysPerAddress.hit(`${req.site.id}\n${req.ip}`);
    if (wait) throw rateLimited(wait);
    reply.header('cache-control', 'no-store');
    return { data: { key: await issueSubmissionKey(deps.db, req.site.id, deps.now()) } };
  });

  app.post(
    '/api/form/SaveFormSubmission',
    { schema: { body: SaveBody }, config: formErrors },
    async (req) => {
      const body = req.body;
      const wait =
        (await perAddress.hit(`${req.site.id}\n${req.ip}`)) || (await perSite.hit(req.site.id));
      if (wait) throw rateLimited(wait);
      const pageContext: FormPageContext = {};
      for (const k of [
        'pagePath',
        'pageTitle',
        'pageId',
        'collectionId',
        'itemId',
        'contentSource',
      ] as const) {
        const v = body[k];
        if (typeof v === 'string' && v) (pageContext as Record<string, string>)[k] = v;
      }
      const host = req.headers.host ?? '';
      const origin =
        host && !isIpHost(host) ? `${req.protocol}://${host}` : siteBaseUrl(req.site, deps.config);
      return submitForm(deps, req.site, {
        key: body.key,
        formId: body.formId,
        form: body.form,
        ...(body.captchaKey ? { captchaKey: body.captchaKey } : {}),
        pageContext,
        ...(body[HONEYPOT_FIELD] ? { honeypot: body[HONEYPOT_FIELD] } : {}),
        remoteIp: req.ip,
        origin,
      });
    },
  );

  app.get(
    '/api/template/GetTemplateSchema',
    { schema: { querystring: SchemaQuery }, config: formErrors },
    async (req) => {
      const q = req.query;
      const id = q.id ?? q.formId;
      if ((q.type !== undefined && q.type !== 'form' && q.type !== '9') || !id) {
        throw appError(ErrorCode.VALIDATION);
      }
      const row = await findForm(deps.db, req.site.id, id);
      if (!row) throw appError(ErrorCode.FORM_NOT_CONFIGURED);
      return { data: toPublicForm(row, req.site) };
    },
  );

  app.post(
    '/api/rest/forms/validate/:formId',
    {
      schema: { params: Type.Object({ formId: Type.String({ maxLength: 200 }) }) },
      config: formErrors,
    },
    async (req) => {
      const { formId } = req.params as { formId: string };
      const result = await validateAdditionalFields(deps.db, req.site.id, formId, req.body ?? {});
      if (!result.valid) {
        throw appError(ErrorCode.FORM_FIELDS_INVALID, undefined, { errors: result.errors });
      }
      return { valid: true, answers: result.answers };
    },
  );

  /** Stored submissions of this website (signed-in owners), newest first, paginated. */
  app.get(
    '/api/form/submissions',
    { schema: { querystring: SubmissionsQuery }, preValidation: ownerGuard(deps.db, 'view') },
    async (req) => {
      const q = req.query;
      const page = q.page ?? 1;
      const pageSize = q.pageSize ?? 20;
      let query = deps.db
        .selectFrom('form_submissions')
        .select(['id', 'form_id', 'data', 'page_context', 'created_at'])
        .where('site_id', '=', req.site.id);
      if (q.formId) query = query.where('form_id', '=', q.formId);
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize)
        .execute();
      return {
        items: rows.slice(0, pageSize).map((r) => ({
          id: r.id,
          formId: r.form_id,
          data: r.data,
          pageContext: r.page_context,
          createdOn: r.created_at,
        })),
        page,
        pageSize,
        hasNextPage: rows.length > pageSize,
      };
    },
  );
};

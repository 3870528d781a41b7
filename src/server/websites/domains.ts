import type { AppDeps } from '../deps.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { normalizeDomain, WebsiteLimits, type DomainJson } from '../../shared/websites/api.js';

export async function listDomains(db: Db, siteId: string): Promise<DomainJson[]> {
  const rows = await db
    .selectFrom('site_domains')
    .select(['host', 'created_on'])
    .where('site_id', '=', siteId)
    .orderBy('host')
    .execute();
  return rows.map((r) => ({ host: r.host, createdOn: new Date(r.created_on).toISOString() }));
}

/**
 * Adds a custom domain. Must be a host name and not the platform's own (BASE_DOMAIN, its
 * subdomains, localhost): those are how every website is already reached. Two websites cannot
 * claim one host: the host is `site_domains`' primary key, so of two racing adds one wins and
 * the other gets DOMAIN_TAKEN. The resolver learns it on every process through `content-changed`.
 */
export async function addDomain(
  deps: Pick<AppDeps, 'db' | 'events' | 'config'>,
  siteId: string,
  input: string,
): Promise<DomainJson> {
  const host = normalizeDomain(input);
  const base = deps.config.baseDomain.toLowerCase();
  if (
    !host ||
    host === base ||
    host.endsWith(`.${base}`) ||
    host === 'localhost' ||
    host.endsWith('.localhost')
  )
    throw appError(ErrorCode.DOMAIN_INVALID);
  const legacy = await deps.db
    .selectFrom('sites')
    .select('id')
    .where('domain', '=', host)
    .executeTakeFirst();
  if (legacy) throw appError(ErrorCode.DOMAIN_TAKEN);
  const count = await deps.db
    .selectFrom('site_domains')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= WebsiteLimits.domainsPerSite)
    throw appError(
      ErrorCode.DOMAIN_INVALID,
      `A website can have at most ${WebsiteLimits.domainsPerSite} domains.`,
    );
  const row = await deps.db
    .insertInto('site_domains')
    .values({ host, site_id: siteId })
    .onConflict((oc) => oc.column('host').doNothing())
    .returning(['host', 'created_on'])
    .executeTakeFirst();
  if (!row) throw appError(ErrorCode.DOMAIN_TAKEN);
  deps.events.emit('content-changed', { siteId });
  return { host: row.host, createdOn: new Date(row.created_on).toISOString() };
}

/** Removes one; a domain the website does not have is a 404. */
export async function removeDomain(
  deps: Pick<AppDeps, 'db' | 'events'>,
  siteId: string,
  host: string,
): Promise<void> {
  const r = await deps.db
    .deleteFrom('site_domains')
    .where('site_id', '=', siteId)
    .where('host', '=', host.trim().toLowerCase())
    .executeTakeFirst();
  if (!r.numDeletedRows) throw appError(ErrorCode.NOT_FOUND);
  deps.events.emit('content-changed', { siteId });
}

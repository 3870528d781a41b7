import { VISITOR_COOKIE_MAX_AGE_MS } from '../../shared/telemetry/constants.js';
import crypto from 'node:crypto';
import type { AppDeps } from '../deps.js';
import type { Site } from '../sites/site-queries.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { addToLikeCount, findLiveItem } from '../content/item-social.js';
import { bumpContentVersion } from '../sites/site-queries.js';
import type { LikeResponse } from '../../shared/comments/api.js';

/** The like cookie: a random id per browser (2 years, like SPEC 9.3's visitor cookie). */
export const LIKE_COOKIE = 'ss_lkv';
export const LIKE_COOKIE_MAX_AGE_S = VISITOR_COOKIE_MAX_AGE_MS / 1000;

/** What is stored: a keyed hash of the cookie, so the table cannot be matched to browsers. */
export function visitorHash(secret: string, visitorId: string): string {
  return crypto.createHmac('sha256', secret).update(`like\n${visitorId}`).digest('base64url');
}

/**
 * SPEC 3.7 simpleLikingEnabled: one like per visitor per item. `liked` true adds this visitor's
 * like (a second one changes nothing), false takes it back. The count on the item moves with the
 * row in one transaction, and the content version is bumped so cached pages show it.
 */
export async function setLike(
  deps: AppDeps,
  site: Site,
  itemId: string,
  visitorId: string,
  liked: boolean,
): Promise<LikeResponse> {
  if (!site.settings.websiteSettings.simpleLikingEnabled) throw appError(ErrorCode.FORBIDDEN);
  const item = await findLiveItem(deps.db, site.id, itemId);
  if (!item) throw appError(ErrorCode.NOT_FOUND);
  const hash = visitorHash(deps.config.secret, visitorId);
  const result = await deps.db.transaction().execute(async (trx) => {
    const changed = liked
      ? await trx
          .insertInto('item_likes')
          .values({ site_id: site.id, item_id: itemId, visitor_hash: hash })
          .onConflict((oc) => oc.doNothing())
          .returning('item_id')
          .execute()
      : await trx
          .deleteFrom('item_likes')
          .where('item_id', '=', itemId)
          .where('visitor_hash', '=', hash)
          .returning('item_id')
          .execute();
    if (!changed.length) return { liked, likeCount: item.like_count, changed: false };
    const likeCount = await addToLikeCount(trx, itemId, liked ? 1 : -1);
    await bumpContentVersion(trx, site.id);
    return { liked, likeCount, changed: true };
  });
  if (result.changed) deps.events.emit('content-changed', { siteId: site.id });
  return { liked: result.liked, likeCount: result.likeCount };
}

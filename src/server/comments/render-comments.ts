import type { AppDeps } from '../deps.js';
import { itemExtrasLoaders } from '../render/item-extras.js';
import { siteBaseUrl } from '../mail/site-url.js';
import { publicCaptchaSettings } from '../captcha/settings.js';
import { commentsVisible } from '../../shared/product/rules.js';
import { commentsOpen } from '../../shared/comments/rules.js';
import { commentCountLabel, commentTexts } from '../../shared/comments/texts.js';
import { shareLinks } from '../../shared/comments/share.js';
import { shareIconSvg } from '../../shared/comments/share-icons.js';
import type {
  ItemActionsProps as ItemActions,
  ItemSocial,
  ThreadComment,
} from '../../shared/comments/api.js';
import { listApproved, requireApproval } from './comment-service.js';

/**
 * Item kinds whose pages show comments, likes and share links: the templates that apply
 * `item-social.block` (products have reviews instead; gallery items do not show it yet).
 */
const SOCIAL_KINDS = new Set(['blog', 'events']);

/**
 * Registers the item-page loader that gives templates `item.social` (docs/comments.md): the
 * approved comments rendered on the server (the page stays cacheable: every approval bumps the
 * content version), a lazy form island, the like button island and share links.
 */
export function registerCommentsRendering(deps: AppDeps): void {
  itemExtrasLoaders.comments = async ({ db, site, item, collectionKind }) => {
    if (!SOCIAL_KINDS.has(collectionKind)) return;
    const ws = site.settings.websiteSettings;
    const texts = commentTexts(site.language);
    const social: ItemSocial = {};
    const count = item.publicCommentCount;
    if (commentsVisible({ commentState: item.commentState, publicCommentCount: count }, ws)) {
      const list = await listApproved(db, site.id, item.id, 1);
      const open = commentsOpen({ commentState: item.commentState }, ws);
      const threads: ThreadComment[] = [];
      const byId = new Map<string, ThreadComment>();
      for (const c of list.comments) {
        const t: ThreadComment = {
          ...c,
          createdOn: Date.parse(c.created),
          replies: [],
          canReply: open && !c.parentId,
        };
        const parent = c.parentId ? byId.get(c.parentId) : undefined;
        if (parent) parent.replies.push(t);
        else if (!c.parentId) {
          threads.push(t);
          byId.set(c.id, t);
        }
      }
      social.comments = {
        countText: commentCountLabel(count, texts),
        threads,
        replyText: texts.reply,
        ...(open
          ? {
              form: {
                itemId: item.id,
                captcha: publicCaptchaSettings(site),
                texts,
                moderated: requireApproval(site),
              },
            }
          : { closedText: texts.closed }),
      };
    }
    const base = siteBaseUrl(site, deps.config);
    const url = `${base}${item.fullUrl}`;
    const image = item.mainImage ? `${base}${item.mainImage.assetUrl}/1000w.webp` : undefined;
    const links = shareLinks(ws.shareButtonOptions, { url, title: item.title, image });
    const actions: ItemActions = {};
    if (ws.simpleLikingEnabled) {
      actions.like = {
        itemId: item.id,
        likeCount: item.likeCount,
        texts: {
          like: texts.like,
          liked: texts.liked,
          likesOne: texts.likesOne,
          likesMany: texts.likesMany,
        },
      };
    }
    if (links.length) {
      actions.share = { url, title: item.title, label: texts.share };
      social.share = {
        title: texts.share,
        links: links.map((l) => ({
          ...l,
          label: texts.shareOn.replace(
            '{network}',
            l.network === 'email' ? texts.emailNetwork : l.name,
          ),
          icon: shareIconSvg(l.network),
          external: l.network !== 'email',
        })),
      };
    }
    if (actions.like || actions.share) social.actions = actions;
    item.social = social;
  };
}

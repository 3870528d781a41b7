import { escapeHtml } from '../html.js';
import { isValidEmail } from '../forms/email.js';
import { hasControlChar } from '../clean-text.js';
import type { CommentTexts } from './texts.js';

/**
 * Comments' rules (issue 14, SPEC 4.7 / 9.1; docs/comments.md): one home for the checks the
 * comment form runs before it sends and `POST /api/content/items/{id}/comments` runs again, and
 * for the one way a plain-text body becomes safe HTML.
 */

export const CommentLimits = {
  nameMax: 80,
  bodyMax: 4000,
  /** More links than this and the comment is refused (spam mostly carries many). */
  linksMax: 2,
  /** Approved comments per page of the public list. */
  pageSize: 50,
} as const;

export type CommentStatus = 'pending' | 'approved' | 'spam';
export const COMMENT_STATUSES: readonly CommentStatus[] = ['pending', 'approved', 'spam'];

export interface CommentInput {
  name: string;
  email: string;
  body: string;
}

export type CommentField = 'name' | 'email' | 'body' | 'parentId';

/** http(s) links and bare `www.` hosts, as a reader would see them. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]}]+$/;

export function countLinks(body: string): number {
  return body.match(LINK)?.length ?? 0;
}

/** Trims and collapses the body's blank lines (three or more newlines become two). */
export function normaliseBody(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Checks a comment as typed. Returns the cleaned values and one text per wrong field; nothing
 * is stored unless `fields` is empty.
 */
export function validateComment(
  raw: CommentInput,
  texts: CommentTexts,
): { value: CommentInput; fields: Partial<Record<CommentField, string>> } {
  const value = {
    name: raw.name.replace(/\s+/g, ' ').trim(),
    email: raw.email.trim().toLowerCase(),
    body: normaliseBody(raw.body),
  };
  const fields: Partial<Record<CommentField, string>> = {};
  if (!value.name) fields.name = texts.nameRequired;
  else if (value.name.length > CommentLimits.nameMax || hasControlChar(value.name))
    fields.name = texts.nameTooLong;
  if (!value.email) fields.email = texts.emailRequired;
  else if (!isValidEmail(value.email)) fields.email = texts.emailInvalid;
  if (!value.body) fields.body = texts.bodyRequired;
  else if (value.body.length > CommentLimits.bodyMax) fields.body = texts.bodyTooLong;
  else if (countLinks(value.body) > CommentLimits.linksMax)
    fields.body = texts.tooManyLinks.replace('{max}', String(CommentLimits.linksMax));
  return { value, fields };
}

/** A link's address: only http and https (a bare `www.` host gets https). */
function safeHref(text: string): string | null {
  const href = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A plain-text body as HTML: everything escaped, paragraphs on blank lines, line breaks kept,
 * and http(s) links made into anchors that pass no ranking and no opener
 * (`rel="nofollow ugc noopener"`). Nothing the commenter typed becomes markup.
 */
export function commentBodyHtml(body: string): string {
  return normaliseBody(body)
    .split(/\n{2,}/)
    .map((para) => `<p>${linkify(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    const start = m.index;
    let raw = m[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trail.length);
    const href = safeHref(raw);
    out += escapeHtml(text.slice(last, start));
    out += href
      ? `<a href="${escapeHtml(href)}" rel="nofollow ugc noopener" target="_blank">${escapeHtml(raw)}</a>`
      : escapeHtml(raw);
    last = start + raw.length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * SPEC 4.7: visitors may add comments when the item's state is 1 and the site has comments on.
 * (They are *shown* by `commentsVisible`, which also keeps old ones on items since closed.)
 */
export function commentsOpen(
  item: { commentState: number },
  site: { commentsEnabled: boolean },
): boolean {
  return site.commentsEnabled && item.commentState === 1;
}

/** The status a new comment gets: spam for banned addresses, else per the moderation setting. */
export function newCommentStatus(opts: {
  banned: boolean;
  requireApproval: boolean;
}): CommentStatus {
  if (opts.banned) return 'spam';
  return opts.requireApproval ? 'pending' : 'approved';
}

import type { CommentStatus } from './rules.js';

/** The comments wire contract (docs/comments.md). */
export const CommentsApi = {
  /** GET (approved, paged) and POST (a visitor's comment) of one item. */
  itemComments: (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/comments`,
  /** POST likes, DELETE takes the like back. */
  itemLike: (itemId: string) => `/api/content/items/${encodeURIComponent(itemId)}/like`,
  /** Owner: GET the queue (`?status=`), and per comment approve / spam / DELETE. */
  owner: '/api/comments',
  ownerComment: (id: string) => `/api/comments/${encodeURIComponent(id)}`,
  bans: '/api/comments/bans',
} as const;

/** The honeypot field's name: hidden from people, filled by form-filling bots. */
export const COMMENT_HONEYPOT = 'website';

export interface PostCommentRequest {
  name: string;
  email: string;
  body: string;
  parentId?: string;
  captchaToken?: string;
  [COMMENT_HONEYPOT]?: string;
}

/** A comment as visitors see it (never the email). */
export interface PublicComment {
  id: string;
  parentId: string | null;
  authorName: string;
  /** Safe HTML of the plain-text body (`commentBodyHtml`). */
  bodyHtml: string;
  /** ISO 8601. */
  created: string;
}

export interface PostCommentResponse {
  status: 'pending' | 'approved';
  /** Present when it is shown at once. */
  comment?: PublicComment;
}

export interface CommentListResponse {
  comments: PublicComment[];
  total: number;
  page: number;
  pages: number;
}

export interface OwnerComment {
  id: string;
  itemId: string;
  itemTitle: string;
  itemUrl: string;
  parentId: string | null;
  authorName: string;
  authorEmail: string;
  body: string;
  status: CommentStatus;
  created: string;
  banned: boolean;
}

export interface OwnerCommentsResponse {
  comments: OwnerComment[];
  counts: Record<CommentStatus, number>;
  page: number;
  pages: number;
}

export interface LikeResponse {
  liked: boolean;
  likeCount: number;
}

/** The comment form island's props (`comment-form`). */
export interface CommentFormProps {
  itemId: string;
  /** The bot check's settings (the site's provider; ALTCHA by default). */
  captcha: Omit<import('../forms/types.js').CaptchaPublicSettings, 'enabled'>;
  texts: import('./texts.js').CommentTexts;
  moderated: boolean;
}

/** The like button island's props (`like-button`). */
export interface LikeButtonProps {
  itemId: string;
  likeCount: number;
  texts: Pick<import('./texts.js').CommentTexts, 'like' | 'liked' | 'likesOne' | 'likesMany'>;
}

/** The like and native-share buttons' island props (`item-actions`). */
export interface ItemActionsProps {
  like?: LikeButtonProps;
  share?: { url: string; title: string; label: string };
}

/** A shown comment with its replies, as the theme renders it. */
export interface ThreadComment extends PublicComment {
  /** Epoch ms, for the theme's date formatter. */
  createdOn: number;
  replies: ThreadComment[];
  /** Top-level comments can be answered while the item takes comments. */
  canReply: boolean;
}

/**
 * What an item page's template gets as `item.social` (docs/comments.md): the approved comments
 * as threads, the count text, the form's and like button's island props, and share links.
 */
export interface ItemSocial {
  comments?: {
    countText: string;
    threads: ThreadComment[];
    /** Present when visitors may add comments (SPEC 4.7 state 1, site comments on). */
    form?: CommentFormProps;
    replyText: string;
    closedText?: string;
  };
  /** The like button and the browser's share sheet (shown only where navigator.share exists). */
  actions?: ItemActionsProps;
  share?: {
    title: string;
    links: {
      network: string;
      name: string;
      href: string;
      label: string;
      /** Inline SVG (nothing is loaded from the networks). */
      icon: string;
      /** Opens in a new tab (not the mail link). */
      external: boolean;
    }[];
  };
}

import type { Generated } from 'kysely';
import type { CommentStatus } from '../../shared/comments/rules.js';

/** A visitor's comment on an item (blog post, event, gallery image…). */
export interface CommentsTable {
  id: string;
  site_id: string;
  item_id: string;
  /** The comment it answers (top-level comments only: replies are one level deep). */
  parent_id: string | null;
  author_name: string;
  /** Lower-case; never shown to visitors. */
  author_email: string;
  /** Issue 14's customer accounts: the signed-in customer who wrote it (null: a guest). */
  site_user_id: string | null;
  /** Plain text as typed (normalised); rendered through `commentBodyHtml`. */
  body: string;
  status: CommentStatus;
  created: Date;
  approved_at: Date | null;
}

/** Addresses whose comments go straight to spam. */
export interface CommentBansTable {
  site_id: string;
  email: string;
  created: Generated<Date>;
}

/** One like per visitor per item (a hash of the visitor's like cookie, never the cookie). */
export interface ItemLikesTable {
  site_id: string;
  item_id: string;
  visitor_hash: string;
  created: Generated<Date>;
}

export interface CommentsTables {
  comments: CommentsTable;
  comment_bans: CommentBansTable;
  item_likes: ItemLikesTable;
}

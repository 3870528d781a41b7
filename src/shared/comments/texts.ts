import { areaTexts } from '../i18n/text-packs.js';

/**
 * The comment section's, like button's and share row's texts per site language (English
 * otherwise). Counts use SPEC 9.1's 'No Comments' / '1 Comment' / 'N Comments' in English.
 */
const EN = {
  noComments: 'No Comments',
  oneComment: '1 Comment',
  manyComments: '{count} Comments',
  leaveComment: 'Leave a comment',
  moderatedHint: 'Comments appear once the site owner approves them.',
  replyTo: 'Reply to {name}',
  reply: 'Reply',
  cancelReply: 'Cancel reply',
  name: 'Name',
  email: 'Email',
  emailHint: 'Never shown. Used only if we need to reach you about your comment.',
  comment: 'Comment',
  post: 'Post Comment',
  posting: 'Posting…',
  awaitingApproval: 'Thank you! Your comment is awaiting approval.',
  published: 'Thank you! Your comment is published.',
  nameRequired: 'Enter your name.',
  nameTooLong: 'Names can be up to 80 characters.',
  emailRequired: 'Enter your email.',
  emailInvalid: 'Email is invalid',
  bodyRequired: 'Write a comment.',
  bodyTooLong: 'Comments can be up to 4000 characters.',
  tooManyLinks: 'Comments can hold at most {max} links.',
  closed: 'Comments are closed.',
  replyInvalid: 'That comment cannot be answered.',
  failed: 'Your comment could not be posted. Please try again.',
  like: 'Like',
  liked: 'Liked',
  likesOne: '1 Like',
  likesMany: '{count} Likes',
  share: 'Share',
  shareOn: 'Share on {network}',
  copied: 'Link copied',
  emailNetwork: 'Email',
  honeypot: 'Website',
  captchaIdle: 'This form is protected against spam.',
  captchaWorking: 'Verifying you are human…',
  captchaDone: 'Verified',
  captchaFailed: 'Verification failed. Please try again.',
};

export type CommentTexts = typeof EN;

export function commentTexts(language: string | null | undefined): CommentTexts {
  return areaTexts<CommentTexts>('comments', language) ?? EN;
}

/** SPEC 9.1's count text (English: 'No Comments', '1 Comment', 'N Comments'). */
export function commentCountLabel(count: number, texts: CommentTexts): string {
  if (count <= 0) return texts.noComments;
  if (count === 1) return texts.oneComment;
  return texts.manyComments.replace('{count}', String(count));
}

import { byLanguage } from '../i18n/by-language.js';

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
};

export type CommentTexts = typeof EN;

const JA: CommentTexts = {
  noComments: 'コメントはまだありません',
  oneComment: 'コメント 1 件',
  manyComments: 'コメント {count} 件',
  leaveComment: 'コメントを残す',
  moderatedHint: 'コメントはサイト運営者の承認後に表示されます。',
  replyTo: '{name} さんに返信',
  reply: '返信',
  cancelReply: '返信をやめる',
  name: '名前',
  email: 'メールアドレス',
  emailHint: '公開されません。コメントについて連絡が必要なときだけ使います。',
  comment: 'コメント',
  post: 'コメントを送信',
  posting: '送信中…',
  awaitingApproval: 'ありがとうございます。コメントは承認待ちです。',
  published: 'ありがとうございます。コメントを公開しました。',
  nameRequired: '名前を入力してください。',
  nameTooLong: '名前は 80 文字までです。',
  emailRequired: 'メールアドレスを入力してください。',
  emailInvalid: 'メールアドレスが正しくありません',
  bodyRequired: 'コメントを入力してください。',
  bodyTooLong: 'コメントは 4000 文字までです。',
  tooManyLinks: 'コメントに含められるリンクは {max} 件までです。',
  closed: 'コメントは締め切られました。',
  replyInvalid: 'このコメントには返信できません。',
  failed: 'コメントを送信できませんでした。もう一度お試しください。',
  like: 'いいね',
  liked: 'いいね済み',
  likesOne: 'いいね 1 件',
  likesMany: 'いいね {count} 件',
  share: '共有',
  shareOn: '{network} で共有',
  copied: 'リンクをコピーしました',
};

export function commentTexts(language: string | null | undefined): CommentTexts {
  return byLanguage({ en: EN, ja: JA }, language, EN);
}

/** SPEC 9.1's count text (English: 'No Comments', '1 Comment', 'N Comments'). */
export function commentCountLabel(count: number, texts: CommentTexts): string {
  if (count <= 0) return texts.noComments;
  if (count === 1) return texts.oneComment;
  return texts.manyComments.replace('{count}', String(count));
}

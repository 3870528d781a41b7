import { registerAllLanguages } from '../../../shared/i18n/all-languages.js';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import CommentForm from './comment-form.js';
import ItemActions from './item-actions.js';
import { commentTexts } from '../../../shared/comments/texts.js';
import type { CommentFormProps } from '../../../shared/comments/api.js';

// What the server does at start, and a ja page's loader before hydrating (text-packs.ts).
registerAllLanguages();

const props: CommentFormProps = {
  itemId: 'post-1',
  captcha: { provider: 'altcha' },
  texts: commentTexts('en-US'),
  moderated: true,
};

describe('comment islands (server render)', () => {
  it('renders a labelled form with a hidden honeypot, the bot check and a disabled submit', () => {
    const html = renderToString(<CommentForm {...props} />);
    expect(html).toContain('id="comment-form"');
    // Ids from the item (not useId, which the browser's preact/compat numbers differently).
    for (const [label, field] of [
      ['Name', 'name'],
      ['Email', 'email'],
      ['Comment', 'body'],
    ])
      expect(html).toContain(`<label for="cf-post-1-${field}">${label}</label>`);
    expect(html).toContain('id="cf-post-1-name"');
    expect(html).toContain('aria-labelledby="cf-post-1-title"');
    expect(html).toContain('Comments appear once the site owner approves them.');
    // The honeypot is out of sight, out of the tab order and hidden from screen readers.
    expect(html).toMatch(
      /<p class="comment-hp" aria-hidden="true">.*tabindex="-1"[^>]*name="website"/,
    );
    expect(html).toContain('data-captcha-provider="altcha"');
    // Disabled until hydrated: a native submit would put the fields in a URL.
    expect(html).toMatch(/<button type="submit" class="button" disabled="">Post Comment<\/button>/);
    expect(renderToString(<CommentForm {...props} moderated={false} />)).not.toContain(
      'approves them',
    );
  });

  it('renders the like count and a share button hidden until the browser can share', () => {
    const t = commentTexts('en-US');
    const html = renderToString(
      <ItemActions
        like={{ itemId: 'post-1', likeCount: 1, texts: t }}
        share={{ url: 'https://x.test/p', title: 'P', label: 'Share' }}
      />,
    );
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('1 Like');
    expect(html).toMatch(/<button type="button" class="share-button" hidden="">/);
    expect(
      renderToString(<ItemActions like={{ itemId: 'p', likeCount: 7, texts: t }} />),
    ).toContain('7 Likes');
  });

  it('speaks Japanese on Japanese sites', () => {
    const html = renderToString(<CommentForm {...props} texts={commentTexts('ja-JP')} />);
    expect(html).toContain('コメントを送信');
    expect(html).toContain('名前');
  });
});

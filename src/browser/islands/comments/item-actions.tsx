import { useEffect, useState } from 'react';
import { apiFetch } from '../../lib/api.js';
import {
  CommentsApi,
  type ItemActionsProps,
  type LikeResponse,
} from '../../../shared/comments/api.js';

/** Where this browser remembers the items it liked (the server keeps the real row). */
const LIKED_KEY = 'ss-liked';

function likedSet(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(LIKED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function remember(itemId: string, liked: boolean): void {
  try {
    const s = likedSet();
    if (liked) s.add(itemId);
    else s.delete(itemId);
    localStorage.setItem(LIKED_KEY, JSON.stringify([...s].slice(-500)));
  } catch {
    // Private mode: the like still counts; the button just forgets it on the next visit.
  }
}

/**
 * The like button (SPEC 3.7 simpleLikingEnabled: one like per visitor per item) and the share
 * button that opens the browser's share sheet where there is one (navigator.share). Both are
 * in the server's HTML; the share button shows only once hydrated in a browser that can share.
 */
export default function ItemActions(props: ItemActionsProps) {
  const { like, share } = props;
  const [count, setCount] = useState(like?.likeCount ?? 0);
  const [liked, setLiked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [canShare, setCanShare] = useState(false);

  useEffect(() => {
    if (like) setLiked(likedSet().has(like.itemId));
    setCanShare(typeof navigator !== 'undefined' && typeof navigator.share === 'function');
  }, [like]);

  async function toggle() {
    if (!like || busy) return;
    setBusy(true);
    try {
      const res = await apiFetch<LikeResponse>(CommentsApi.itemLike(like.itemId), {
        method: liked ? 'DELETE' : 'POST',
      });
      setLiked(res.liked);
      setCount(res.likeCount);
      remember(like.itemId, res.liked);
    } catch {
      // Nothing changed; the button stays as it was.
    } finally {
      setBusy(false);
    }
  }

  const t = like?.texts;
  return (
    <div className="item-actions-row">
      {like && t ? (
        <button
          type="button"
          className="like-button"
          aria-pressed={liked}
          disabled={busy}
          onClick={() => void toggle()}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 5 6.4 5c2 0 3.3 1.1 4 2.3h3.2C14.3 6.1 15.6 5 17.6 5 21 5 23.1 8.4 21.6 11.8 19.5 16.4 12 21 12 21z"
              fill={liked ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          <span className="like-label">{liked ? t.liked : t.like}</span>
          <span className="like-count">
            {count === 1 ? t.likesOne : t.likesMany.replace('{count}', String(count))}
          </span>
        </button>
      ) : null}
      {share ? (
        <button
          type="button"
          className="share-button"
          hidden={!canShare}
          onClick={() =>
            void navigator.share({ url: share.url, title: share.title }).catch(() => {})
          }
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {share.label}
        </button>
      ) : null}
    </div>
  );
}

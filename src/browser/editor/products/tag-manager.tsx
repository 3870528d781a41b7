import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ProductApi,
  ProductLimits,
  type TagEditRequest,
  type TagsResponse,
} from '../../../shared/product/owner-api.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import type { LoadState } from '../use-load.js';
import { Dialog } from './dialog.js';
import { plural } from './product-labels.js';

type TagType = TagEditRequest['tagType'];
type Pending = { action: 'rename' | 'merge'; to: string } | { action: 'delete' } | null;

/**
 * Tags and categories with how many products carry each: rename, merge several into one, or
 * delete, on every product at once. The server's refusals are SPEC 5.7's texts ('You may only
 * edit one tag at a time', 'This category already exists') and are shown as they come.
 */
export function TagManager({
  tags,
  onChanged,
  onClose,
}: {
  tags: LoadState<TagsResponse> & { reload: () => void };
  onChanged: () => void;
  onClose: () => void;
}) {
  const [tagType, setTagType] = useState<TagType>('tag');
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const pendingAction = pending?.action;
  useEffect(() => {
    if (pendingAction) nameInput.current?.focus();
  }, [pendingAction]);
  const noun = tagType === 'tag' ? 'tag' : 'category';
  const nouns = tagType === 'tag' ? 'tags' : 'categories';

  const send = async (req: TagEditRequest) => {
    setBusy(true);
    setResult(null);
    try {
      await editorFetch(ProductApi.tags, { method: 'POST', json: req });
      const done =
        req.action === 'delete'
          ? `Deleted ${req.from.length === 1 ? `the ${noun}` : `${req.from.length} ${nouns}`}.`
          : req.action === 'rename'
            ? `Renamed to ${req.to}.`
            : `Merged into ${req.to}.`;
      setResult({ ok: true, text: done });
      setSelected([]);
      setPending(null);
      onChanged();
    } catch (err) {
      setResult({ ok: false, text: actionFailureText(err) });
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    if (pending.action === 'delete') void send({ tagType, action: 'delete', from: selected });
    else if (pending.to.trim())
      void send({ tagType, action: pending.action, from: selected, to: pending.to.trim() });
  };

  return (
    <Dialog title="Tags and categories" onClose={onClose} wide>
      <fieldset className="ed-segmented ed-filters">
        <legend>Show</legend>
        {(['tag', 'category'] as const).map((t) => (
          <label key={t}>
            <input
              type="radio"
              name="tag-type"
              checked={tagType === t}
              onChange={() => {
                setTagType(t);
                setSelected([]);
                setPending(null);
                setResult(null);
              }}
            />
            <span>{t === 'tag' ? 'Tags' : 'Categories'}</span>
          </label>
        ))}
      </fieldset>
      <LoadView state={tags}>
        {(data) => {
          const list = tagType === 'tag' ? data.tags : data.categories;
          if (list.length === 0)
            return <p className="ed-empty">No {nouns} yet. Add them on a product.</p>;
          return (
            <ul className="ed-tag-list" aria-label={nouns}>
              {list.map((t) => (
                <li key={t.name}>
                  <label className="ed-radio">
                    <input
                      type="checkbox"
                      checked={selected.includes(t.name)}
                      onChange={(e) =>
                        setSelected((s) =>
                          e.target.checked ? [...s, t.name] : s.filter((x) => x !== t.name),
                        )
                      }
                    />
                    <span>{t.name}</span>
                  </label>
                  <span className="ed-muted">{plural(t.count, 'product')}</span>
                </li>
              ))}
            </ul>
          );
        }}
      </LoadView>
      <div className="ed-actions ed-tag-actions">
        <button
          type="button"
          className="ed-button"
          disabled={selected.length === 0}
          onClick={() => setPending({ action: 'rename', to: selected[0] ?? '' })}
        >
          Rename
        </button>
        <button
          type="button"
          className="ed-button"
          disabled={selected.length < 2}
          onClick={() => setPending({ action: 'merge', to: selected[0] ?? '' })}
        >
          Merge
        </button>
        <button
          type="button"
          className="ed-button ed-button-danger"
          disabled={selected.length === 0}
          onClick={() => setPending({ action: 'delete' })}
        >
          Delete
        </button>
      </div>
      {pending && (
        <form className="ed-confirm" onSubmit={submit}>
          {pending.action === 'delete' ? (
            <p>
              Remove {selected.map((s) => `“${s}”`).join(', ')} from every product? The products
              stay.
            </p>
          ) : (
            <label className="ed-labelled">
              <span>
                {pending.action === 'rename'
                  ? `New name for ${selected.map((s) => `“${s}”`).join(', ')}`
                  : `Merge ${selected.length} ${nouns} into`}
              </span>
              <input
                className="ed-input"
                ref={nameInput}
                maxLength={ProductLimits.tagMax}
                value={pending.to}
                onChange={(e) => setPending({ action: pending.action, to: e.target.value })}
              />
            </label>
          )}
          <div className="ed-actions">
            <button
              type="submit"
              className={`ed-button ${pending.action === 'delete' ? 'ed-button-danger' : 'ed-button-primary'}`}
              disabled={busy || (pending.action !== 'delete' && !pending.to.trim())}
            >
              {pending.action === 'delete'
                ? 'Delete'
                : pending.action === 'rename'
                  ? 'Rename'
                  : 'Merge'}
            </button>
            <button type="button" className="ed-button" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <p role="status" className={result?.ok ? 'ed-saved' : 'ed-inline-error'}>
        {result?.text}
      </p>
    </Dialog>
  );
}

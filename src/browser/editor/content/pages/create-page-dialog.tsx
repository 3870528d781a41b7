import { useState } from 'react';
import {
  PageApi,
  PageLimits,
  type CreatablePageKind,
  type CreatePageRequest,
  type PageSummary,
} from '../../../../shared/content/page-api.js';
import { editorFetch } from '../../editor-fetch.js';
import { Dialog } from '../../products/dialog.js';
import { describe, Field, FieldError, TextInput } from '../../products/fields.js';
import { CREATE_CHOICES, KIND_LABEL, KindIcon } from './page-kinds.js';
import { PageFieldTexts, pageSlugOf } from '../../../../shared/content/validate-page.js';
import { saveFailure, slugError, type FieldErrors } from './page-form.js';

/**
 * 'Add page': what kind (page, splash page, folder, blog, events, gallery), its title, and the
 * URL slug suggested from the title until the owner types their own; pages may go into a folder.
 */
export function CreatePageDialog({
  folders,
  onClose,
  onCreated,
}: {
  folders: PageSummary[];
  onClose: () => void;
  onCreated: (title: string) => void;
}) {
  const [kind, setKind] = useState<CreatablePageKind>('page');
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [parentId, setParentId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shownSlug = slugEdited ? slug : pageSlugOf(title);

  const create = async () => {
    const local: FieldErrors = {};
    if (!title.trim()) local.title = PageFieldTexts.TITLE_REQUIRED;
    const s = slugError(shownSlug);
    if (s && title.trim()) local.slug = s;
    setErrors(local);
    if (Object.keys(local).length) {
      document.getElementById(`f-${Object.keys(local)[0]}`)?.focus();
      return;
    }
    const body: CreatePageRequest = {
      kind,
      title: title.trim(),
      slug: shownSlug,
      ...(parentId && kind !== 'folder' ? { parentId } : {}),
    };
    setBusy(true);
    setFailure(null);
    try {
      await editorFetch(PageApi.list, { method: 'POST', json: body });
      onCreated(body.title);
    } catch (err) {
      const f = saveFailure(err);
      setErrors(f.fields);
      setFailure(f.text);
      const first = Object.keys(f.fields)[0];
      if (first) document.getElementById(`f-${first}`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Add a page" onClose={onClose}>
      <form
        className="pg-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <fieldset className="pg-kinds">
          <legend>Type</legend>
          {CREATE_CHOICES.map((c) => (
            <label key={c.kind} className={`pg-kind-choice${kind === c.kind ? ' is-on' : ''}`}>
              <input
                type="radio"
                name="kind"
                value={c.kind}
                checked={kind === c.kind}
                onChange={() => setKind(c.kind)}
              />
              <KindIcon kind={c.kind} />
              <span>
                <strong>{KIND_LABEL[c.kind]}</strong>
                <span className="ed-muted">{c.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Field label="Title" path="title" errors={errors}>
          <TextInput
            path="title"
            errors={errors}
            value={title}
            maxLength={PageLimits.titleMax}
            onChange={setTitle}
          />
        </Field>
        <div className="ed-field">
          <label htmlFor="f-slug">URL slug</label>
          <div className="pg-slug">
            <span className="pg-slug-prefix" aria-hidden="true">
              {location.host}/
            </span>
            <input
              className="ed-input"
              {...describe(errors, 'slug', 'hint-slug')}
              value={shownSlug}
              maxLength={PageLimits.slugMax}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(e) => {
                setSlugEdited(true);
                setSlug(e.target.value.toLowerCase());
              }}
            />
          </div>
          <span className="ed-hint" id="hint-slug">
            Suggested from the title. Lower-case letters, digits and dashes.
          </span>
          <FieldError errors={errors} path="slug" />
        </div>
        {kind !== 'folder' && folders.length > 0 && (
          <div className="ed-field">
            <label htmlFor="f-parent">In folder</label>
            <select
              id="f-parent"
              className="ed-input"
              value={parentId}
              onChange={(e) => setParentId(e.target.value)}
            >
              <option value="">None (top level)</option>
              {folders.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.title || 'Untitled'}
                </option>
              ))}
            </select>
          </div>
        )}
        {failure && (
          <p className="ed-inline-error" role="alert">
            {failure}
          </p>
        )}
        <div className="pg-dialog-foot">
          <button type="button" className="ed-button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="ed-button ed-button-primary" disabled={busy}>
            {busy ? 'Adding…' : `Add ${KIND_LABEL[kind].toLowerCase()}`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useEffect, useState } from 'react';
import { PageApi, PageLimits, type PageDoc } from '../../../../shared/content/page-api.js';
import type { ErrorCode } from '../../../../shared/errors.js';
import { ApiError } from '../../../lib/api.js';
import { editorFetch } from '../../editor-fetch.js';
import { LoadView } from '../../load-view.js';
import { actionFailureText } from '../../messages.js';
import { Dialog } from '../../products/dialog.js';
import { Checkbox, describe, Field, FieldError, TextInput } from '../../products/fields.js';
import { useLoad } from '../../use-load.js';
import { KIND_LABEL } from './page-kinds.js';
import {
  checkSettings,
  inputWith,
  saveFailure,
  settingsOf,
  type FieldErrors,
  type SettingsForm,
} from './page-form.js';
import { GallerySection } from './gallery-section.js';
import { PasswordSection } from './password-section.js';
import { MembersSection } from './members-section.js';
import { SeoSection } from './seo-section.js';
import { SocialImage } from './social-image.js';

const CONTENT_CONFLICT: ErrorCode = 'CONTENT_CONFLICT';
const CONTENT_LOCKED: ErrorCode = 'CONTENT_LOCKED';

/** SPEC 3.10 folder behaviours. */
const FOLDER_BEHAVIORS = [
  { value: 2, label: 'Go to its first page' },
  { value: 1, label: 'Show an index of its pages' },
  { value: 3, label: 'Nothing: the folder is only a menu' },
];

/**
 * A page's settings: title, URL, navigation, status, folder behaviour, SEO with a search result
 * preview, social image and password. Loads the page first and saves the whole page input with
 * its `version` (sections as loaded), so a save never touches the builder's content.
 */
export function PageSettingsDialog({
  id,
  live,
  siteTitle,
  canDraft,
  canPublish,
  onClose,
  onSaved,
  onPasswordChanged,
}: {
  id: string;
  /** Visitors can see the page now (the tree's status is the live one; the loaded doc is the draft). */
  live: boolean;
  siteTitle: string;
  canDraft: boolean;
  canPublish: boolean;
  onClose: () => void;
  onSaved: (text: string) => void;
  onPasswordChanged: () => void;
}) {
  const state = useLoad(
    (signal) => editorFetch<{ page: PageDoc }>(PageApi.one(id), { signal }).then((r) => r.page),
    `page|${id}`,
  );
  const doc = state.data;
  return (
    <Dialog
      title={doc ? `${KIND_LABEL[doc.kind]} settings` : 'Page settings'}
      onClose={onClose}
      wide
    >
      <LoadView state={state} label="Loading the page…">
        {(d) => (
          <SettingsEditor
            key={`${d.id}|${d.version}`}
            loaded={d}
            live={live}
            siteTitle={siteTitle}
            canDraft={canDraft}
            canPublish={canPublish}
            onReload={state.reload}
            onClose={onClose}
            onSaved={onSaved}
            onPasswordChanged={onPasswordChanged}
          />
        )}
      </LoadView>
    </Dialog>
  );
}

function SettingsEditor({
  loaded,
  live,
  siteTitle,
  canDraft,
  canPublish,
  onReload,
  onClose,
  onSaved,
  onPasswordChanged,
}: {
  loaded: PageDoc;
  live: boolean;
  siteTitle: string;
  canDraft: boolean;
  canPublish: boolean;
  onReload: () => void;
  onClose: () => void;
  onSaved: (text: string) => void;
  onPasswordChanged: () => void;
}) {
  const [doc, setDoc] = useState(loaded);
  const [f, setF] = useState<SettingsForm>(() => settingsOf(loaded));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ text: string; conflict?: boolean } | null>(null);
  const [saving, setSaving] = useState<'draft' | 'publish' | null>(null);
  const isHome = loaded.url === '/';
  const isFolder = doc.kind === 'folder';
  const canEdit = canDraft || canPublish;

  useEffect(() => {
    document.getElementById('f-title')?.focus();
  }, []);

  const set = <K extends keyof SettingsForm>(k: K, v: SettingsForm[K]) => {
    setF((prev) => ({ ...prev, [k]: v }));
    setErrors((e) => {
      if (!(k in FIELD_PATH) || !e[FIELD_PATH[k as keyof typeof FIELD_PATH]]) return e;
      const next = { ...e };
      delete next[FIELD_PATH[k as keyof typeof FIELD_PATH]];
      return next;
    });
  };

  const save = async (publish: boolean) => {
    const local = checkSettings(doc, f, isHome);
    setErrors(local);
    if (Object.keys(local).length) {
      setFailure({ text: 'Please fix the fields marked below.' });
      document.getElementById(`f-${Object.keys(local)[0]}`)?.focus();
      return;
    }
    setSaving(publish ? 'publish' : 'draft');
    setFailure(null);
    try {
      let { page } = await editorFetch<{ page: PageDoc }>(PageApi.one(doc.id), {
        method: 'PUT',
        json: { ...inputWith(doc, f), version: doc.version },
      });
      setDoc(page);
      if (publish) {
        ({ page } = await editorFetch<{ page: PageDoc }>(PageApi.publish(doc.id), {
          method: 'POST',
          json: { version: page.version },
        }));
        setDoc(page);
      }
      onSaved(publish ? `Saved and published ${page.title}.` : `Saved ${page.title} as a draft.`);
    } catch (err) {
      if (err instanceof ApiError && err.code === CONTENT_CONFLICT) {
        setFailure({ text: err.message, conflict: true });
      } else if (err instanceof ApiError && err.code === CONTENT_LOCKED) {
        setFailure({ text: lockedText(err) });
      } else {
        const r = saveFailure(err);
        setErrors(r.fields);
        setFailure({ text: r.text });
        const first = Object.keys(r.fields)[0];
        if (first) document.getElementById(`f-${first}`)?.focus();
      }
    } finally {
      setSaving(null);
    }
  };

  const liveUrl = `${location.origin}/${isHome ? '' : f.slug}`;
  // The live URL (doc.url) is what a redirect starts from; the doc's slug is the draft's.
  const oldUrl = live && !isHome ? doc.url : null;
  const slugChanged = oldUrl !== null && oldUrl !== `/${f.slug}`;

  return (
    <form
      className="pg-form pg-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save(canPublish);
      }}
    >
      {!live ? (
        <p className="pg-note">
          Visitors cannot see this page yet: it goes live when you publish it with the status
          Published.
        </p>
      ) : (
        doc.hasUnpublishedChanges && (
          <p className="pg-note">
            This page has changes that are not live yet. Publishing makes all of them live.
          </p>
        )
      )}
      <fieldset className="pg-card" disabled={!canEdit}>
        <legend>General</legend>
        <Field label="Title" path="title" errors={errors}>
          <TextInput
            path="title"
            errors={errors}
            value={f.title}
            maxLength={PageLimits.titleMax}
            onChange={(v) => set('title', v)}
          />
        </Field>
        {isHome ? (
          <p className="ed-muted">
            This is the home page: it lives at <a href="/">{location.host}/</a>.
          </p>
        ) : (
          <div className="ed-field">
            <label htmlFor="f-slug">URL slug</label>
            <div className="pg-slug">
              <span className="pg-slug-prefix" aria-hidden="true">
                {location.host}/
              </span>
              <input
                className="ed-input"
                {...describe(errors, 'slug', 'hint-slug')}
                value={f.slug}
                maxLength={PageLimits.slugMax}
                autoCapitalize="none"
                spellCheck={false}
                onChange={(e) => set('slug', e.target.value.toLowerCase())}
              />
            </div>
            <span className="ed-hint" id="hint-slug">
              {slugChanged ? (
                <>
                  When you publish, visitors to the old URL <strong>{oldUrl}</strong> will be
                  redirected to <strong>/{f.slug || '…'}</strong>.
                </>
              ) : (
                <>
                  Page address: <span className="pg-live-url">{liveUrl}</span>
                </>
              )}
            </span>
            <FieldError errors={errors} path="slug" />
          </div>
        )}
      </fieldset>

      <fieldset className="pg-card" disabled={!canEdit}>
        <legend>Visibility</legend>
        <Checkbox checked={f.visible} onChange={(v) => set('visible', v)} id="f-visible">
          Show in navigation
        </Checkbox>
        <div className="pg-radio-row" role="radiogroup" aria-labelledby="pg-status-label">
          <span id="pg-status-label" className="ed-field-label">
            Status
          </span>
          <label className={`pg-choice${f.status === 'published' ? ' is-on' : ''}`}>
            <input
              type="radio"
              name="status"
              checked={f.status === 'published'}
              onChange={() => set('status', 'published')}
            />
            <span>
              <strong>Published</strong>
              <span className="ed-muted">Visitors can see it</span>
            </span>
          </label>
          <label className={`pg-choice${f.status === 'draft' ? ' is-on' : ''}`}>
            <input
              type="radio"
              name="status"
              checked={f.status === 'draft'}
              onChange={() => set('status', 'draft')}
            />
            <span>
              <strong>Draft</strong>
              <span className="ed-muted">Only you see it</span>
            </span>
          </label>
        </div>
        {isFolder && (
          <div className="pg-radio-row" role="radiogroup" aria-labelledby="pg-folder-label">
            <span id="pg-folder-label" className="ed-field-label">
              When a visitor opens the folder’s URL
            </span>
            {FOLDER_BEHAVIORS.map((b) => (
              <label key={b.value} className="ed-radio">
                <input
                  type="radio"
                  name="folderBehavior"
                  checked={f.folderBehavior === b.value}
                  onChange={() => set('folderBehavior', b.value)}
                />
                <span>{b.label}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>

      {f.gallery && (
        <GallerySection
          value={f.gallery}
          disabled={!canEdit}
          onChange={(gallery) => set('gallery', gallery)}
        />
      )}

      <SeoSection
        form={f}
        errors={errors}
        disabled={!canEdit}
        siteTitle={siteTitle}
        liveUrl={liveUrl}
        onChange={set}
      />

      <SocialImage
        imageId={f.seoImageId}
        disabled={!canEdit}
        onChange={(imageId) => set('seoImageId', imageId)}
      />

      <PasswordSection
        doc={doc}
        canPublish={canPublish}
        onChanged={(page) => {
          // The password is saved on its own; keep the form's edits, take the new version.
          setDoc(page);
          onPasswordChanged();
        }}
      />

      <MembersSection
        doc={doc}
        canPublish={canPublish}
        onChanged={(page) => {
          setDoc(page);
          onPasswordChanged();
        }}
      />

      <div className="pg-dialog-foot pg-sticky-foot">
        {failure && (
          <div className="pg-failure" role="alert">
            <p className="ed-inline-error">{failure.text}</p>
            {failure.conflict && (
              <button type="button" className="ed-button" onClick={onReload}>
                Reload (discard my changes)
              </button>
            )}
          </div>
        )}
        <button type="button" className="ed-button" onClick={onClose}>
          Cancel
        </button>
        {canDraft && (
          <button
            type="button"
            className={`ed-button${canPublish ? '' : ' ed-button-primary'}`}
            disabled={saving !== null}
            onClick={() => void save(false)}
          >
            {saving === 'draft' ? 'Saving…' : 'Save draft'}
          </button>
        )}
        {canPublish && (
          <button type="submit" className="ed-button ed-button-primary" disabled={saving !== null}>
            {saving === 'publish' ? 'Publishing…' : 'Save and publish'}
          </button>
        )}
      </div>
    </form>
  );
}

/** The form field each setting's errors are filed under (the contract's paths). */
const FIELD_PATH = {
  title: 'title',
  slug: 'slug',
  seoTitle: 'seo.title',
  seoDescription: 'seo.description',
} as const;

/** 'This page is locked.' and who holds it, when the server says. */
function lockedText(err: ApiError): string {
  const holder = (err.body as { error?: { holder?: { displayName?: unknown } } } | null)?.error
    ?.holder?.displayName;
  return typeof holder === 'string' && holder
    ? `${err.message} ${holder} is editing it.`
    : err.message || actionFailureText(err);
}

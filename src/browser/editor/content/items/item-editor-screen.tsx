import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import {
  ITEM_STATUSES,
  ITEM_STATUS_LABELS,
  ItemApi,
  ItemLimits,
  type ItemDoc,
  type ItemListResponse,
} from '../../../../shared/content/item-api.js';
import type { FieldErrors, ItemKind } from '../../../../shared/content/validate-item.js';
import { allows } from '../../../../shared/team/permissions.js';
import { ApiError } from '../../../lib/api.js';
import { ConfirmDelete } from '../../confirm-delete.js';
import { editorFetch } from '../../editor-fetch.js';
import { LoadView } from '../../load-view.js';
import { MediaPicker } from '../../media/media-picker.js';
import { actionFailureText } from '../../messages.js';
import { ChipsInput } from '../../products/chips-input.js';
import {
  Card,
  Checkbox,
  describe,
  Field,
  FieldError,
  fieldId,
  TextInput,
} from '../../products/fields.js';
import { contentHref } from '../../routes.js';
import { ConflictAlert, ErrorSummary, focusField } from '../../save-alerts.js';
import { ScreenHeading } from '../../screens/screen-heading.js';
import { setLeaveGuard } from '../../use-hash-route.js';
import { useLoad } from '../../use-load.js';
import { LockBanner, useEditLock } from '../lock-banner.js';
import { VersionsPanel } from '../versions-panel.js';
import {
  browserZone,
  FIELD_LABELS,
  formFromDoc,
  isDirty,
  newItemForm,
  slugShown,
  timeZones,
  toItemInput,
  type ItemForm,
} from './item-form.js';
import { nounOf, thumbOf } from './item-labels.js';
import '../../products/products.css';
import '../content.css';
import './items.css';

// TipTap is the editor's heaviest part: fetched when an item opens, never on /config's first load.
const RichTextEditor = lazy(() =>
  import('../../products/rich-text.js').then((m) => ({ default: m.RichTextEditor })),
);

interface Loaded {
  collection: { id: string; title: string; kind: string; url: string };
  item: ItemDoc | null;
  me: string;
  roles: number[];
  zone: string;
}

/** `#/content/{collectionId}/{itemId}` and `…/new`: one blog post, event or gallery image. */
export function ItemEditorScreen({
  collectionId,
  itemId,
}: {
  collectionId: string;
  itemId: string | null;
}) {
  const state = useLoad<Loaded>(
    async (signal) => {
      const list = editorFetch<ItemListResponse & { collection: Loaded['collection'] }>(
        `${ItemApi.list(collectionId)}?limit=1`,
        { signal },
      );
      // The site's time zone: events without their own are shown in it.
      const site = editorFetch<{ websiteSettings?: { timeZone?: string } }>('/?format=json', {
        signal,
      }).catch(() => undefined);
      const me = editorFetch<{ displayName?: string; roles?: number[] }>('/api/auth/me', {
        signal,
      }).catch(() => undefined);
      const item = itemId
        ? (await editorFetch<{ item: ItemDoc }>(ItemApi.one(itemId), { signal })).item
        : null;
      return {
        collection: (await list).collection,
        item,
        me: (await me)?.displayName ?? '',
        roles: (await me)?.roles ?? [],
        zone: (await site)?.websiteSettings?.timeZone || browserZone(),
      };
    },
    `${collectionId}|${itemId ?? 'new'}`,
  );
  return (
    <LoadView state={state}>
      {(d) => (
        <ItemEditor
          collection={d.collection}
          loaded={d.item}
          me={d.me}
          zone={d.zone}
          canPublish={allows(d.roles, 'publish')}
          onReload={state.reload}
        />
      )}
    </LoadView>
  );
}

function ItemEditor({
  collection,
  loaded,
  me,
  zone,
  canPublish,
  onReload,
}: {
  collection: Loaded['collection'];
  loaded: ItemDoc | null;
  me: string;
  zone: string;
  canPublish: boolean;
  onReload: () => void;
}) {
  const kind = collection.kind as ItemKind;
  const noun = nounOf(kind);
  const initial = useMemo(
    () => (loaded ? formFromDoc(loaded, zone) : newItemForm(me, zone)),
    [loaded, me, zone],
  );
  const [item, setItem] = useState(loaded);
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [conflict, setConflict] = useState(false);
  const [revision, setRevision] = useState(0);
  const [picking, setPicking] = useState<'main' | 'extra' | null>(null);
  const [copied, setCopied] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const dirty = useMemo(() => isDirty(saved, form), [saved, form]);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const lock = useEditLock('items', item?.id ?? null);

  useEffect(() => {
    setItem(loaded);
    setSaved(initial);
    setForm(initial);
    setErrors({});
    setConflict(false);
    setRevision((r) => r + 1);
  }, [initial, loaded]);

  useUnsavedGuard(dirtyRef);

  const update = (f: (form: ItemForm) => ItemForm) => {
    setForm(f);
    setResult(null);
  };
  const set =
    <K extends keyof ItemForm>(key: K) =>
    (value: ItemForm[K]) =>
      update((f) => ({ ...f, [key]: value }));

  const showErrors = (e: FieldErrors) => {
    setErrors(e);
    requestAnimationFrame(() => {
      const first = Object.keys(e)[0];
      if (!first || !focusField(first)) summaryRef.current?.focus();
    });
  };

  const save = async () => {
    const { input, errors: local } = toItemInput(form, kind);
    if (Object.keys(local).length) {
      showErrors(local);
      setResult({ ok: false, text: 'Please fix the fields marked below.' });
      return;
    }
    setSaving(true);
    setResult(null);
    setErrors({});
    try {
      const res = item
        ? await editorFetch<{ item: ItemDoc }>(ItemApi.one(item.id), {
            method: 'PUT',
            json: { ...input, version: item.version },
          })
        : await editorFetch<{ item: ItemDoc }>(ItemApi.list(collection.id), {
            method: 'POST',
            json: input,
          });
      const next = formFromDoc(res.item, zone);
      setItem(res.item);
      setSaved(next);
      setForm(next);
      setRevision((r) => r + 1);
      setResult({ ok: true, text: 'Saved.' });
      if (!item) history.replaceState(null, '', contentHref(collection.id, res.item.id));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CONTENT_CONFLICT') {
        setConflict(true);
        setResult({ ok: false, text: err.message });
      } else {
        const fe = (err as { body?: { error?: { fieldErrors?: FieldErrors } } }).body?.error
          ?.fieldErrors;
        if (fe && Object.keys(fe).length) showErrors(fe);
        setResult({ ok: false, text: actionFailureText(err) });
      }
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!item) return;
    try {
      await editorFetch(ItemApi.one(item.id), { method: 'DELETE' });
      dirtyRef.current = false;
      window.location.hash = contentHref(collection.id);
    } catch (err) {
      setResult({ ok: false, text: actionFailureText(err) });
    }
  };

  const copyPreview = async () => {
    if (!item) return;
    await navigator.clipboard?.writeText(new URL(item.previewUrl, window.location.origin).href);
    setCopied(true);
  };

  const errorList = Object.entries(errors);
  const base = collection.url === '/' ? '' : collection.url;
  const liveUrl = `${window.location.origin}${base}/${slugShown(form) || '…'}`;
  const title = item ? item.title || `Untitled ${noun.one}` : `New ${noun.one}`;

  return (
    <>
      <p className="ed-breadcrumb">
        <a href={contentHref(collection.id)}>{collection.title}</a>
      </p>
      <ScreenHeading
        title={title}
        intro={
          item
            ? `${ITEM_STATUS_LABELS[item.status]} ${noun.one} on ${collection.title}`
            : `${noun.a.charAt(0).toUpperCase()}${noun.a.slice(1)} on ${collection.title}`
        }
      >
        {item &&
          (item.status === 'published' ? (
            <a className="ed-button" href={item.url} target="_blank" rel="noopener">
              View on site
            </a>
          ) : (
            <a className="ed-button" href={item.previewUrl} target="_blank" rel="noopener">
              Preview
            </a>
          ))}
      </ScreenHeading>

      <LockBanner lock={lock} noun={noun.one} />

      {conflict && <ConflictAlert text={result?.text ?? ''} onReload={onReload} />}

      <ErrorSummary
        errors={errorList}
        labelOf={(path) => FIELD_LABELS[path] ?? path}
        summaryRef={summaryRef}
      />

      <form
        className="ed-product-editor ed-item-editor"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="ed-pe-main">
          <Card title="Content" id="content">
            <Field label="Title" path="title" errors={errors}>
              <TextInput
                path="title"
                errors={errors}
                value={form.title}
                maxLength={ItemLimits.titleMax}
                onChange={set('title')}
              />
            </Field>
            <div className="ed-field">
              <span className="ed-field-label" id="f-body-label">
                {kind === 'gallery' ? 'Caption' : 'Body'}
              </span>
              <Suspense fallback={<div className="ed-rte ed-rte-loading">Loading the editor…</div>}>
                <RichTextEditor
                  value={form.body}
                  labelId="f-body-label"
                  revision={revision}
                  {...(errors.body ? { describedBy: 'err-body' } : {})}
                  onChange={set('body')}
                />
              </Suspense>
              <FieldError errors={errors} path="body" />
            </div>
            <Field
              label="Excerpt"
              path="excerpt"
              errors={errors}
              hint="Shown in lists and search results."
            >
              <textarea
                className="ed-input"
                rows={3}
                {...describe(errors, 'excerpt', 'hint-excerpt')}
                value={form.excerpt}
                maxLength={ItemLimits.excerptMax}
                onChange={(e) => set('excerpt')(e.target.value)}
              />
            </Field>
          </Card>

          <Card title={kind === 'gallery' ? 'Image' : 'Main image'} id="image">
            <div className="ed-item-image-pick">
              {form.mainImageId ? (
                <img src={thumbOf(form.mainImageId).replace('100w', '300w')} alt="" />
              ) : (
                <span className="ed-thumb-empty" aria-hidden="true" />
              )}
              <button
                type="button"
                className="ed-button"
                id={fieldId('mainImageId')}
                onClick={() => setPicking('main')}
              >
                {form.mainImageId ? 'Replace image' : 'Choose image'}
              </button>
              {form.mainImageId && (
                <button
                  type="button"
                  className="ed-button ed-button-quiet"
                  onClick={() => set('mainImageId')(null)}
                >
                  Remove
                </button>
              )}
            </div>
            <FieldError errors={errors} path="mainImageId" />
            {kind === 'gallery' && (
              <div className="ed-field">
                <span className="ed-field-label">More images</span>
                {form.assetIds.length > 0 && (
                  <ul className="ed-item-extra-images">
                    {form.assetIds.map((id) => (
                      <li key={id}>
                        <img src={thumbOf(id)} alt="" />
                        <button
                          type="button"
                          className="ed-button"
                          aria-label="Remove this image"
                          onClick={() => set('assetIds')(form.assetIds.filter((x) => x !== id))}
                        >
                          ×
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                <button type="button" className="ed-button" onClick={() => setPicking('extra')}>
                  Add images
                </button>
              </div>
            )}
          </Card>

          {kind === 'events' && <EventCard form={form} errors={errors} set={set} />}
        </div>

        <div className="ed-pe-side">
          <Card title="Publishing" id="status-card">
            <Field label="Status" path="status" errors={errors}>
              <select
                className="ed-input"
                {...describe(errors, 'status')}
                value={form.status}
                onChange={(e) => set('status')(e.target.value as ItemForm['status'])}
              >
                {ITEM_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {ITEM_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </Field>
            {form.status === 'scheduled' && (
              <Field
                label="Publish on"
                path="publishOn"
                errors={errors}
                hint="Goes live by itself at this time (your time zone)."
              >
                <input
                  className="ed-input"
                  type="datetime-local"
                  {...describe(errors, 'publishOn', 'hint-publishOn')}
                  value={form.publishOn}
                  onChange={(e) => set('publishOn')(e.target.value)}
                />
              </Field>
            )}
            {item && item.status !== 'published' && (
              <div className="ed-field">
                <span className="ed-field-label">Preview link</span>
                <span className="ed-hint">
                  Anyone with this link sees the {noun.one} for 7 days, before it is published.
                </span>
                <span className="ed-actions">
                  <a className="ed-button" href={item.previewUrl} target="_blank" rel="noopener">
                    Open preview
                  </a>
                  <button type="button" className="ed-button" onClick={() => void copyPreview()}>
                    {copied ? 'Copied' : 'Copy link'}
                  </button>
                </span>
              </div>
            )}
          </Card>

          <Card title="Page address" id="address">
            <Field
              label="URL slug"
              path="slug"
              errors={errors}
              hint={
                <>
                  Live at <code className="ed-path">{liveUrl}</code>
                </>
              }
            >
              <input
                className="ed-input"
                {...describe(errors, 'slug', 'hint-slug')}
                value={form.slug}
                maxLength={ItemLimits.slugMax}
                placeholder="made-from-the-title"
                onChange={(e) => set('slug')(e.target.value.toLowerCase().replace(/\s+/g, '-'))}
              />
            </Field>
          </Card>

          <Card title="Details" id="item-meta">
            <Field label="Author" path="author" errors={errors}>
              <TextInput
                path="author"
                errors={errors}
                value={form.author}
                maxLength={200}
                onChange={set('author')}
              />
            </Field>
            <ChipsInput
              label="Tags"
              path="tags"
              values={form.tags}
              suggestions={[]}
              errors={errors}
              onChange={set('tags')}
            />
            <ChipsInput
              label="Categories"
              path="categories"
              values={form.categories}
              suggestions={[]}
              errors={errors}
              onChange={set('categories')}
            />
            <Checkbox
              id={fieldId('commentState')}
              checked={form.commentsOn}
              onChange={set('commentsOn')}
            >
              Comments on
            </Checkbox>
          </Card>

          {item && (
            <VersionsPanel
              kind="items"
              id={item.id}
              current={toItemInput(form, kind).input}
              refreshKey={item.version}
              canRestore={canPublish}
              onRestored={onReload}
              labels={FIELD_LABELS}
            />
          )}

          {item && canPublish && (
            <section className="ed-section ed-pe-card" id="item-delete" aria-labelledby="danger-h">
              <h2 id="danger-h">Delete</h2>
              <p className="ed-muted">Deletes this {noun.one} and its history.</p>
              <span className="ed-actions">
                <ConfirmDelete
                  confirmLabel={`Delete ${noun.one}`}
                  onConfirm={() => void remove()}
                />
              </span>
            </section>
          )}
        </div>

        <div className="ed-save-bar ed-pe-save-bar">
          <span className={dirty ? 'ed-unsaved' : 'ed-muted'}>
            {dirty ? 'Unsaved changes' : item ? 'All changes saved' : 'Not saved yet'}
          </span>
          <span role="status" className={result?.ok ? 'ed-saved' : 'ed-inline-error'}>
            {!conflict && result?.text}
          </span>
          <span className="ed-save-actions">
            <button
              type="button"
              className="ed-button"
              disabled={!dirty || saving}
              onClick={() => {
                setForm(saved);
                setRevision((r) => r + 1);
                setErrors({});
                setResult(null);
              }}
            >
              Discard
            </button>
            <button
              type="submit"
              className="ed-button ed-button-primary"
              disabled={saving || conflict || lock.lockedByOther || (!dirty && !!item)}
            >
              {saving ? 'Saving…' : 'Save'}
            </button>
          </span>
        </div>
      </form>

      {picking && (
        <MediaPicker
          kind="image"
          multiple={picking === 'extra'}
          onClose={() => setPicking(null)}
          onPick={(assets) => {
            if (picking === 'main') set('mainImageId')(assets[0]?.id ?? form.mainImageId);
            else
              set('assetIds')([
                ...form.assetIds,
                ...assets.map((a) => a.id).filter((id) => !form.assetIds.includes(id)),
              ]);
            setPicking(null);
          }}
        />
      )}
    </>
  );
}

/** An event's dates, time zone and place (SPEC 3.7 location with map coordinates). */
function EventCard({
  form,
  errors,
  set,
}: {
  form: ItemForm;
  errors: FieldErrors;
  set: <K extends keyof ItemForm>(key: K) => (value: ItemForm[K]) => void;
}) {
  const zones = useMemo(() => timeZones(form.timeZone), [form.timeZone]);
  const text = (
    path: keyof ItemForm & string,
    label: string,
    apiPath: string = path,
    mode?: 'decimal',
  ) => (
    <Field label={label} path={apiPath} errors={errors}>
      <TextInput
        path={apiPath}
        errors={errors}
        value={form[path] as string}
        {...(mode ? { inputMode: mode } : {})}
        onChange={(v) => set(path)(v as never)}
      />
    </Field>
  );
  return (
    <Card title="Date and place" id="event">
      <div className="ed-field-row">
        <Field label="Starts" path="startDate" errors={errors}>
          <input
            className="ed-input"
            type="datetime-local"
            {...describe(errors, 'startDate')}
            value={form.startDate}
            onChange={(e) => set('startDate')(e.target.value)}
          />
        </Field>
        <Field label="Ends" path="endDate" errors={errors}>
          <input
            className="ed-input"
            type="datetime-local"
            {...describe(errors, 'endDate')}
            value={form.endDate}
            onChange={(e) => set('endDate')(e.target.value)}
          />
        </Field>
      </div>
      <Field label="Time zone" path="timeZone" errors={errors}>
        <select
          className="ed-input"
          {...describe(errors, 'timeZone')}
          value={form.timeZone}
          onChange={(e) => set('timeZone')(e.target.value)}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </Field>
      {text('addressTitle', 'Place name')}
      {text('addressLine1', 'Address')}
      {text('addressLine2', 'Address line 2')}
      {text('addressCountry', 'Country')}
      <div className="ed-field-row ed-field-row-3">
        {text('mapLat', 'Latitude', 'location.mapLat', 'decimal')}
        {text('mapLng', 'Longitude', 'location.mapLng', 'decimal')}
        {text('mapZoom', 'Map zoom', 'location.mapZoom', 'decimal')}
      </div>
    </Card>
  );
}

/** Leaving with unsaved changes asks first (tab close, and other /config screens). */
function useUnsavedGuard(dirty: { current: boolean }) {
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    setLeaveGuard(
      () =>
        !dirty.current || window.confirm('You have unsaved changes. Leave without saving them?'),
    );
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      setLeaveGuard(null);
    };
  }, [dirty]);
}

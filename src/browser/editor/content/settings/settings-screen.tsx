import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  SHARE_NETWORKS,
  SiteApi,
  type SettingsResponse,
  type SiteSettingsDoc,
} from '../../../../shared/content/site-api.js';
import {
  POLICY_KINDS,
  policyTitles,
  SITE_LANGUAGES,
  timeZoneChoices,
  validateSettings,
} from '../../../../shared/content/validate-settings.js';
import type { FieldErrors } from '../../../../shared/content/validate-styles.js';
import { SUPPORTED_CURRENCIES } from '../../../../shared/money.js';
import { editorFetch } from '../../editor-fetch.js';
import { LoadView } from '../../load-view.js';
import { ScreenHeading } from '../../screens/screen-heading.js';
import { useLoad } from '../../use-load.js';
import { SaveBar } from '../design/save-bar.js';
import { useSiteDoc } from '../design/use-site-doc.js';
import '../design/design.css';
import '../../products/products.css';

// TipTap is its own chunk, fetched when this screen opens (shared with the product editor).
const RichTextEditor = lazy(() =>
  import('../../products/rich-text.js').then((m) => ({ default: m.RichTextEditor })),
);

const NETWORK_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  email: 'Email',
};

/** Site settings (GET/PUT /api/website/settings). */
export function SettingsScreen({ canSave }: { canSave: boolean }) {
  const [nonce, setNonce] = useState(0);
  const state = useLoad(
    (signal) => editorFetch<SettingsResponse>(SiteApi.settings, { signal }),
    `settings-${nonce}`,
  );
  return (
    <>
      <ScreenHeading
        title="Settings"
        intro="Your site's name, language and currency, what visitors can do with posts, the header, and your store's policies."
      />
      <LoadView state={state}>
        {(d) => (
          <SettingsForm
            key={`${d.version}-${nonce}`}
            data={d}
            canSave={canSave}
            onReload={() => setNonce((n) => n + 1)}
          />
        )}
      </LoadView>
    </>
  );
}

function Err({ errors, path }: { errors: FieldErrors; path: string }) {
  return errors[path] ? (
    <span className="ed-inline-error ed-small" id={`st-err-${path}`}>
      {errors[path]}
    </span>
  ) : null;
}

/** Props tying a control to its path's error. */
const tie = (errors: FieldErrors, path: string) => ({
  id: `st-${path}`,
  'aria-invalid': errors[path] ? (true as const) : undefined,
  'aria-describedby': errors[path] ? `st-err-${path}` : undefined,
});

function Field(props: { label: string; path: string; errors: FieldErrors; children: ReactNode }) {
  return (
    <div className="st-field">
      <label htmlFor={`st-${props.path}`}>{props.label}</label>
      {props.children}
      <Err errors={props.errors} path={props.path} />
    </div>
  );
}

function Toggle(props: {
  checked: boolean;
  disabled: boolean;
  onChange: (v: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="st-toggle">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <span>{props.children}</span>
    </label>
  );
}

function SettingsForm({
  data,
  canSave,
  onReload,
}: {
  data: SettingsResponse;
  canSave: boolean;
  onReload: () => void;
}) {
  const doc = useSiteDoc<SiteSettingsDoc>({
    url: SiteApi.settings,
    key: 'settings',
    initial: data.settings,
    version: data.version,
    read: (a) => {
      const r = a as SettingsResponse;
      return { doc: r.settings, version: r.version };
    },
    check: (s) => validateSettings(s).fieldErrors,
  });
  // Bumped when the form replaces the policies (Discard, a save) so the editors reload them.
  const [revision, setRevision] = useState(0);
  const s = doc.draft;
  const e = doc.errors;
  const off = !canSave;
  const set = (patch: Partial<SiteSettingsDoc>) => doc.update((d) => ({ ...d, ...patch }));
  const zones = timeZoneChoices();
  const titles = policyTitles(s.language);
  const currencyChanged = s.currency !== doc.saved.doc.currency;

  return (
    <form
      className="st-form"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        void doc.save().then(() => setRevision((r) => r + 1));
      }}
    >
      <section className="ed-section" aria-labelledby="st-site-h">
        <h2 id="st-site-h">Site</h2>
        <div className="st-grid">
          <Field label="Site title" path="siteTitle" errors={e}>
            <input
              className="ed-input"
              {...tie(e, 'siteTitle')}
              value={s.siteTitle}
              disabled={off}
              onChange={(ev) => set({ siteTitle: ev.currentTarget.value })}
            />
          </Field>
          <Field label="Description" path="description" errors={e}>
            <textarea
              className="ed-input"
              rows={3}
              {...tie(e, 'description')}
              value={s.description}
              disabled={off}
              onChange={(ev) => set({ description: ev.currentTarget.value })}
            />
          </Field>
        </div>
      </section>

      <section className="ed-section" aria-labelledby="st-region-h">
        <h2 id="st-region-h">Language and region</h2>
        <div className="st-grid st-grid-2">
          <Field label="Language" path="language" errors={e}>
            <select
              className="ed-input"
              {...tie(e, 'language')}
              value={s.language}
              disabled={off}
              onChange={(ev) => set({ language: ev.currentTarget.value })}
            >
              {!SITE_LANGUAGES.some((l) => l.tag === s.language) && (
                <option value={s.language}>{s.language}</option>
              )}
              {SITE_LANGUAGES.map((l) => (
                <option key={l.tag} value={l.tag}>
                  {l.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Time zone" path="timeZone" errors={e}>
            <select
              className="ed-input"
              {...tie(e, 'timeZone')}
              value={s.timeZone}
              disabled={off}
              onChange={(ev) => set({ timeZone: ev.currentTarget.value })}
            >
              {!zones.includes(s.timeZone) && <option value={s.timeZone}>{s.timeZone}</option>}
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Currency" path="currency" errors={e}>
            <select
              className="ed-input"
              {...tie(e, 'currency')}
              value={s.currency}
              disabled={off}
              onChange={(ev) => set({ currency: ev.currentTarget.value })}
            >
              {SUPPORTED_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {currencyChanged && (
          <p className="st-warning" role="status">
            Prices are not converted: each product keeps its number in {s.currency} (12.50{' '}
            {doc.saved.doc.currency} becomes 12.50 {s.currency}, rounded for currencies without
            cents). Check your prices and shipping rates after saving.
          </p>
        )}
      </section>

      <section className="ed-section" aria-labelledby="st-customers-h">
        <h2 id="st-customers-h">Customer accounts</h2>
        <div className="st-toggles">
          <Toggle
            checked={s.customerAccountsEnabled === true}
            disabled={off}
            onChange={(customerAccountsEnabled) => set({ customerAccountsEnabled })}
          >
            Shoppers can sign in with an emailed code
          </Toggle>
        </div>
        <p className="ed-hint">
          Adds an Account link to the header. Signed-in shoppers see their orders, addresses and
          sign-ups, keep their cart across devices, and can open members-only pages.
        </p>
      </section>

      <section className="ed-section" aria-labelledby="st-posts-h">
        <h2 id="st-posts-h">Posts and sharing</h2>
        <div className="st-toggles">
          <Toggle
            checked={s.commentsEnabled}
            disabled={off}
            onChange={(commentsEnabled) => set({ commentsEnabled })}
          >
            Comments on blog posts
          </Toggle>
          <Toggle
            checked={s.commentsRequireApproval !== false}
            disabled={off || !s.commentsEnabled}
            onChange={(commentsRequireApproval) => set({ commentsRequireApproval })}
          >
            Hold new comments for approval
          </Toggle>
          <Toggle
            checked={s.simpleLikingEnabled}
            disabled={off}
            onChange={(simpleLikingEnabled) => set({ simpleLikingEnabled })}
          >
            Likes on blog posts
          </Toggle>
        </div>
        <fieldset className="ds-choice">
          <legend>Share buttons</legend>
          <div className="st-networks">
            {SHARE_NETWORKS.map((n) => (
              <Toggle
                key={n}
                checked={s.shareButtonOptions[n] === true}
                disabled={off}
                onChange={(on) => set({ shareButtonOptions: { ...s.shareButtonOptions, [n]: on } })}
              >
                {NETWORK_LABELS[n] ?? n}
              </Toggle>
            ))}
          </div>
        </fieldset>
      </section>

      <section className="ed-section" aria-labelledby="st-reviews-h">
        <h2 id="st-reviews-h">Product reviews</h2>
        <div className="st-toggles">
          <Toggle
            checked={s.reviewsEnabled === true}
            disabled={off}
            onChange={(reviewsEnabled) => set({ reviewsEnabled })}
          >
            Reviews on product pages, and a review link in order mails
          </Toggle>
          <Toggle
            checked={s.reviewsAutoPublish !== true}
            disabled={off || s.reviewsEnabled !== true}
            onChange={(hold) => set({ reviewsAutoPublish: !hold })}
          >
            Hold new reviews for approval
          </Toggle>
        </div>
      </section>

      <section className="ed-section" aria-labelledby="st-header-h">
        <h2 id="st-header-h">Header</h2>
        <fieldset className="ds-choice">
          <legend>Layout</legend>
          <div className="ds-choice-row">
            {(['left', 'center'] as const).map((layout) => (
              <label key={layout} className="ds-choice-item">
                <input
                  type="radio"
                  name="header-layout"
                  checked={s.header.layout === layout}
                  disabled={off}
                  onChange={() => set({ header: { ...s.header, layout } })}
                />
                <span>{layout === 'left' ? 'Title on the left' : 'Title centred'}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Toggle
          checked={s.header.showCart}
          disabled={off}
          onChange={(showCart) => set({ header: { ...s.header, showCart } })}
        >
          Show the cart in the header
        </Toggle>
        <div className="st-grid st-grid-2">
          <Field label="Button label (optional)" path="header.button.label" errors={e}>
            <input
              className="ed-input"
              {...tie(e, 'header.button.label')}
              value={s.header.button?.label ?? ''}
              placeholder="Shop now"
              disabled={off}
              onChange={(ev) =>
                set({
                  header: {
                    ...s.header,
                    button: { url: s.header.button?.url ?? '', label: ev.currentTarget.value },
                  },
                })
              }
            />
          </Field>
          <Field label="Button link" path="header.button.url" errors={e}>
            <input
              className="ed-input"
              {...tie(e, 'header.button.url')}
              value={s.header.button?.url ?? ''}
              placeholder="/shop"
              disabled={off}
              onChange={(ev) =>
                set({
                  header: {
                    ...s.header,
                    button: { label: s.header.button?.label ?? '', url: ev.currentTarget.value },
                  },
                })
              }
            />
          </Field>
        </div>
      </section>

      <section className="ed-section" aria-labelledby="st-policies-h">
        <h2 id="st-policies-h">Store policies</h2>
        <p className="ed-muted ed-small">
          Each written policy gets its own page, linked from your site&rsquo;s footer. Leave one
          empty to hide it.
        </p>
        {POLICY_KINDS.map((kind) => (
          <div className="st-policy" key={kind}>
            <h3 id={`st-policy-${kind}`}>{titles[kind]}</h3>
            <Suspense fallback={<div className="ed-muted">Loading editor…</div>}>
              <RichTextEditor
                value={s.policies[kind]}
                revision={revision}
                labelId={`st-policy-${kind}`}
                onChange={(html) =>
                  doc.update((d) => ({ ...d, policies: { ...d.policies, [kind]: html } }))
                }
              />
            </Suspense>
            <Err errors={e} path={`policies.${kind}`} />
          </div>
        ))}
      </section>

      <SaveBar
        dirty={doc.dirty}
        saving={doc.saving}
        result={doc.result}
        canSave={canSave}
        label="Save settings"
        onDiscard={() => {
          doc.discard();
          setRevision((r) => r + 1);
        }}
        onReload={onReload}
      />
    </form>
  );
}

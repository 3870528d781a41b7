import { useEffect, useState, type FormEvent } from 'react';
import { SITE_LANGUAGES } from '../../../shared/content/validate-settings.js';
import { SUPPORTED_CURRENCIES } from '../../../shared/money.js';
import {
  slugFromTitle,
  slugProblem,
  WebsiteLimits,
  type SlugCheckJson,
  type ThemesJson,
  type WebsiteCreatedJson,
  type WebsiteSummary,
} from '../../../shared/websites/api.js';
import { ApiError } from '../../lib/api-error.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import { openWebsiteEditor, THEMES_API, WEBSITES_API } from './websites-api.js';
import './websites.css';

const CURRENCY_NAMES: Record<string, string> = {
  USD: 'US dollar',
  EUR: 'Euro',
  GBP: 'British pound',
  JPY: 'Japanese yen',
  CAD: 'Canadian dollar',
  AUD: 'Australian dollar',
  NZD: 'New Zealand dollar',
  CHF: 'Swiss franc',
};

type Fields = Partial<Record<'title' | 'slug' | 'theme' | 'language' | 'currency', string>>;

/**
 * `#/websites/new`: title, address (live availability and the resulting URL), theme cards with
 * previews, language and currency; then progress while the website is made, and a link into
 * its editor on its own host.
 */
export function NewWebsiteScreen() {
  const themes = useLoad((signal) => editorFetch<ThemesJson>(THEMES_API, { signal }), 'themes');
  const [created, setCreated] = useState<WebsiteSummary | null>(null);
  return (
    <>
      <p className="ed-breadcrumb">
        <a href="#/websites">Websites</a>
      </p>
      <ScreenHeading
        title={created ? 'Your website is ready' : 'New website'}
        intro={
          created
            ? undefined
            : 'Choose a name, an address and a theme. You can change everything later.'
        }
      />
      {created ? (
        <Created website={created} />
      ) : (
        <LoadView state={themes} label="Loading themes…">
          {(d) => <NewWebsiteForm themes={d.themes} onCreated={setCreated} />}
        </LoadView>
      )}
    </>
  );
}

function NewWebsiteForm({
  themes,
  onCreated,
}: {
  themes: ThemesJson['themes'];
  onCreated: (w: WebsiteSummary) => void;
}) {
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [theme, setTheme] = useState(themes[0]?.name ?? 'default');
  const [language, setLanguage] = useState('en-US');
  const [currency, setCurrency] = useState('USD');
  const [check, setCheck] = useState<SlugCheckJson | null>(null);
  const [fields, setFields] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const effectiveSlug = slugEdited ? slug : slugFromTitle(title);

  // Live availability, a moment after typing stops.
  useEffect(() => {
    const s = effectiveSlug;
    if (!s) {
      setCheck(null);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      editorFetch<SlugCheckJson>(withQuery(`${WEBSITES_API}/slug-check`, { slug: s }), {
        signal: ctrl.signal,
      }).then(setCheck, () => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [effectiveSlug]);

  const localProblem = effectiveSlug ? slugProblem(effectiveSlug) : null;
  const current = check?.slug === effectiveSlug ? check : null;
  const slugMessage =
    fields.slug ?? localProblem ?? (current && !current.available ? current.message : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Fields = {};
    if (!title.trim()) next.title = 'Enter a title for the website.';
    if (!effectiveSlug) next.slug = 'Choose an address.';
    else if (localProblem) next.slug = localProblem;
    setFields(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    setError(null);
    try {
      const r = await editorFetch<WebsiteCreatedJson>(WEBSITES_API, {
        method: 'POST',
        json: { title: title.trim(), slug: effectiveSlug, theme, language, currency },
      });
      onCreated(r.website);
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { error?: { fields?: Fields } }) : null;
      if (body?.error?.fields) setFields(body.error.fields);
      if (err instanceof ApiError && err.code === 'WEBSITE_SLUG_TAKEN')
        setFields({ slug: err.message });
      setError(actionFailureText(err));
      setBusy(false);
    }
  };

  if (busy)
    return (
      <section className="ed-section ws-progress" aria-live="polite">
        <div className="ws-spinner" aria-hidden="true" />
        <div>
          <p className="ws-progress-title">Creating {title.trim()}…</p>
          <p className="ed-muted">
            Setting up pages, a blog,{' '}
            {themes.find((t) => t.name === theme)?.starter === 'store'
              ? 'a shop with sample products'
              : 'a gallery'}{' '}
            and a contact form. This takes a few seconds.
          </p>
        </div>
      </section>
    );

  return (
    <form className="ws-new" onSubmit={(e) => void submit(e)} noValidate>
      {error && (
        <div className="ed-alert" role="alert">
          <p>{error}</p>
        </div>
      )}
      <section className="ed-section">
        <h2>Name and address</h2>
        <div className="ws-fields">
          <label className="ed-labelled">
            Website title
            <input
              className="ed-input"
              value={title}
              maxLength={WebsiteLimits.titleMax}
              autoComplete="off"
              aria-invalid={fields.title ? true : undefined}
              aria-describedby={fields.title ? 'ws-title-error' : undefined}
              onChange={(e) => setTitle(e.currentTarget.value)}
              placeholder="Blue Heron Studio"
            />
            {fields.title && (
              <span id="ws-title-error" className="ws-field-error">
                {fields.title}
              </span>
            )}
          </label>
          <label className="ed-labelled">
            Address
            <span className="ws-slug">
              <input
                className="ed-input"
                value={effectiveSlug}
                maxLength={WebsiteLimits.slugMax}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={slugMessage ? true : undefined}
                aria-describedby="ws-slug-status"
                onChange={(e) => {
                  setSlugEdited(true);
                  setSlug(e.currentTarget.value.toLowerCase());
                  setFields((f) => ({ ...f, slug: undefined }));
                }}
                placeholder="blue-heron"
              />
            </span>
            <span id="ws-slug-status" className="ws-slug-status" aria-live="polite">
              {slugMessage ? (
                <span className="ws-field-error">{slugMessage}</span>
              ) : current?.available ? (
                <span className="ws-available">
                  Available: <strong>{current.url}</strong>
                </span>
              ) : effectiveSlug ? (
                <span className="ed-muted">Checking…</span>
              ) : (
                <span className="ed-muted">Lower-case letters, digits and hyphens.</span>
              )}
            </span>
          </label>
        </div>
      </section>

      <section className="ed-section">
        <h2 id="ws-theme-heading">Theme</h2>
        <div className="ws-themes" role="radiogroup" aria-labelledby="ws-theme-heading">
          {themes.map((t) => (
            <label key={t.name} className={`ws-theme${t.name === theme ? ' ws-theme-on' : ''}`}>
              <input
                type="radio"
                name="theme"
                value={t.name}
                checked={t.name === theme}
                onChange={() => setTheme(t.name)}
                className="ed-visually-hidden"
              />
              {t.previewUrl ? (
                <img src={t.previewUrl} alt="" className="ws-theme-preview" loading="lazy" />
              ) : (
                <span
                  className={`ws-theme-preview ws-theme-fallback ws-theme-${t.starter}`}
                  aria-hidden="true"
                >
                  <span />
                  <span />
                  <span />
                  <span />
                </span>
              )}
              <span className="ws-theme-name">{t.title}</span>
              <span className="ed-small ed-muted">
                {t.description ||
                  (t.starter === 'store'
                    ? 'An online store: shop, product pages, blog.'
                    : 'A portfolio: gallery of work, blog, about.')}
              </span>
            </label>
          ))}
        </div>
      </section>

      <section className="ed-section">
        <h2>Language and currency</h2>
        <div className="ws-fields">
          <label className="ed-labelled">
            Language
            <select
              className="ed-input"
              value={language}
              onChange={(e) => {
                const l = e.currentTarget.value;
                setLanguage(l);
                if (l.startsWith('ja') && currency === 'USD') setCurrency('JPY');
              }}
            >
              {SITE_LANGUAGES.map((l) => (
                <option key={l.tag} value={l.tag}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
          <label className="ed-labelled">
            Currency
            <select
              className="ed-input"
              value={currency}
              onChange={(e) => setCurrency(e.currentTarget.value)}
            >
              {SUPPORTED_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {CURRENCY_NAMES[c] ? `${c} · ${CURRENCY_NAMES[c]}` : c}
                </option>
              ))}
            </select>
          </label>
        </div>
      </section>
      <div className="ws-submit">
        <button type="submit" className="ed-button ed-button-primary">
          Create website
        </button>
        <a className="ed-button" href="#/websites">
          Cancel
        </a>
      </div>
    </form>
  );
}

function Created({ website }: { website: WebsiteSummary }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      await openWebsiteEditor(website.id);
    } catch (err) {
      setError(actionFailureText(err));
      setBusy(false);
    }
  };
  return (
    <section className="ed-section ws-created">
      <p className="ws-created-check" aria-hidden="true">
        ✓
      </p>
      <h2>{website.title} is online</h2>
      <p>
        It is live at{' '}
        <a href={website.url} target="_blank" rel="noopener">
          {website.host}
        </a>{' '}
        with starter pages you can edit.
      </p>
      <div className="ws-actions">
        <button
          type="button"
          className="ed-button ed-button-primary"
          disabled={busy}
          onClick={() => void open()}
        >
          {busy ? 'Opening…' : 'Open its editor'}
        </button>
        <a className="ed-button" href={website.url} target="_blank" rel="noopener">
          View website
        </a>
        <a className="ed-button" href="#/websites">
          All websites
        </a>
      </div>
      {error && (
        <p className="ed-inline-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

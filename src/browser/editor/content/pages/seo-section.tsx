import { PageLimits } from '../../../../shared/content/page-api.js';
import { describe, FieldError } from '../../products/fields.js';
import type { FieldErrors, SettingsForm } from './page-form.js';

/** Lengths search engines show before cutting the text off (their advice, not our limits). */
const SHOWN = { title: 60, description: 160 };

/**
 * SEO title and description with their character counts, and a preview of the page as a search
 * result would show it (title, address, description, cut where a search engine cuts them).
 */
export function SeoSection({
  form,
  errors,
  disabled,
  siteTitle,
  liveUrl,
  onChange,
}: {
  form: SettingsForm;
  errors: FieldErrors;
  disabled: boolean;
  siteTitle: string;
  liveUrl: string;
  onChange: <K extends 'seoTitle' | 'seoDescription'>(k: K, v: string) => void;
}) {
  const shownTitle = [form.seoTitle.trim() || form.title.trim() || 'Untitled', siteTitle]
    .filter(Boolean)
    .join(' — ');
  const url = new URL(liveUrl);
  const crumbs = [url.host, ...url.pathname.split('/').filter(Boolean)].join(' › ');
  return (
    <fieldset className="pg-card" disabled={disabled}>
      <legend>Search engines</legend>
      <div className="ed-field">
        <div className="pg-label-row">
          <label htmlFor="f-seo.title">SEO title</label>
          <Count n={form.seoTitle.length} shown={SHOWN.title} id="count-seo.title" />
        </div>
        <input
          className="ed-input"
          {...describe(errors, 'seo.title', 'count-seo.title')}
          value={form.seoTitle}
          maxLength={PageLimits.seoTitleMax}
          placeholder={form.title}
          onChange={(e) => onChange('seoTitle', e.target.value)}
        />
        <FieldError errors={errors} path="seo.title" />
      </div>
      <div className="ed-field">
        <div className="pg-label-row">
          <label htmlFor="f-seo.description">SEO description</label>
          <Count
            n={form.seoDescription.length}
            shown={SHOWN.description}
            id="count-seo.description"
          />
        </div>
        <textarea
          className="ed-input"
          rows={3}
          {...describe(errors, 'seo.description', 'count-seo.description')}
          value={form.seoDescription}
          maxLength={PageLimits.seoDescriptionMax}
          placeholder="A sentence or two about this page, for search results."
          onChange={(e) => onChange('seoDescription', e.target.value)}
        />
        <FieldError errors={errors} path="seo.description" />
      </div>
      <figure className="pg-serp" aria-label="Search result preview">
        <figcaption className="ed-hint">Search result preview</figcaption>
        <div className="pg-serp-site">
          <span className="pg-serp-favicon" aria-hidden="true">
            {(siteTitle || url.host).charAt(0).toUpperCase()}
          </span>
          <span>
            <span className="pg-serp-name">{siteTitle || url.host}</span>
            <span className="pg-serp-crumbs">{crumbs}</span>
          </span>
        </div>
        <p className="pg-serp-title">{cut(shownTitle, SHOWN.title)}</p>
        <p className="pg-serp-desc">
          {form.seoDescription.trim() ? (
            cut(form.seoDescription.trim(), SHOWN.description)
          ) : (
            <span className="ed-muted">
              Without a description, search engines pick text from the page.
            </span>
          )}
        </p>
      </figure>
    </fieldset>
  );
}

function Count({ n, shown, id }: { n: number; shown: number; id: string }) {
  return (
    <span id={id} className={`pg-count${n > shown ? ' pg-count-over' : ''}`}>
      {n} / {shown}
      <span className="ed-visually-hidden"> characters shown in search results</span>
    </span>
  );
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

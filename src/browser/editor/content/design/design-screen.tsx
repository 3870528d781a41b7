import { useEffect, useState, type ReactNode } from 'react';
import { parseColor } from '../../../../shared/content/colors.js';
import { FONT_CHOICES, fontStack } from '../../../../shared/content/fonts.js';
import {
  SiteApi,
  type SiteColors,
  type SiteStyles,
  type StylesResponse,
} from '../../../../shared/content/site-api.js';
import {
  BUTTON_FILLS,
  BUTTON_SHAPES,
  contrastWarnings,
  SPACINGS,
  validateStyles,
} from '../../../../shared/content/validate-styles.js';
import { editorFetch } from '../../editor-fetch.js';
import { LoadView } from '../../load-view.js';
import { ScreenHeading } from '../../screens/screen-heading.js';
import { useLoad } from '../../use-load.js';
import { ColorField } from './color-field.js';
import { ImageChoice, imageUrlOf } from './image-choice.js';
import { PreviewFrame } from './preview-frame.js';
import { SaveBar } from './save-bar.js';
import { useSiteDoc } from './use-site-doc.js';
import './design.css';

const COLORS: { role: keyof SiteColors; label: string; hint: string }[] = [
  { role: 'background', label: 'Background', hint: 'Behind every page.' },
  { role: 'text', label: 'Text', hint: 'Paragraphs, navigation and prices.' },
  { role: 'heading', label: 'Headings', hint: 'Page and section titles.' },
  { role: 'accent', label: 'Accent', hint: 'Links and buttons.' },
  { role: 'accentText', label: 'Text on accent', hint: 'Words on filled buttons.' },
];

const SPACING_LABELS = { compact: 'Compact', normal: 'Normal', airy: 'Airy' } as const;
const SHAPE_LABELS = { square: 'Square', rounded: 'Rounded', pill: 'Pill' } as const;
const FILL_LABELS = { solid: 'Solid', outline: 'Outline' } as const;

/** Loads every bundled face for the font picker (only the faces shown are fetched). */
function useFontFaces(): void {
  useEffect(() => {
    if (document.getElementById('ed-font-faces')) return;
    const link = document.createElement('link');
    link.id = 'ed-font-faces';
    link.rel = 'stylesheet';
    link.href = SiteApi.fontsCss;
    document.head.append(link);
  }, []);
}

/** Design (GET/PUT /api/website/styles): palette, fonts, spacing, buttons, logo, favicon. */
export function DesignScreen({ canSave }: { canSave: boolean }) {
  const [nonce, setNonce] = useState(0);
  const state = useLoad(
    (signal) => editorFetch<StylesResponse>(SiteApi.styles, { signal }),
    `styles-${nonce}`,
  );
  useFontFaces();
  return (
    <>
      <ScreenHeading
        title="Design"
        intro="Colours, fonts and buttons for your whole site. Changes show in the preview at once; visitors see them when you save."
      />
      <LoadView state={state}>
        {(d) => (
          <DesignForm
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

function Choice<T extends string>(props: {
  legend: string;
  name: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  disabled: boolean;
  onChange: (v: T) => void;
  render?: (v: T) => ReactNode;
}) {
  return (
    <fieldset className="ds-choice">
      <legend>{props.legend}</legend>
      <div className="ds-choice-row">
        {props.values.map((v) => (
          <label key={v} className="ds-choice-item">
            <input
              type="radio"
              name={props.name}
              value={v}
              checked={props.value === v}
              disabled={props.disabled}
              onChange={() => props.onChange(v)}
            />
            <span>{props.render ? props.render(v) : props.labels[v]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FontPicker(props: {
  legend: string;
  name: string;
  value: string;
  disabled: boolean;
  onChange: (id: string) => void;
}) {
  return (
    <fieldset className="ds-fonts">
      <legend>{props.legend}</legend>
      <div className="ds-font-list">
        {FONT_CHOICES.map((f) => (
          <label key={f.id} className="ds-font">
            <input
              type="radio"
              name={props.name}
              value={f.id}
              checked={props.value === f.id}
              disabled={props.disabled}
              onChange={() => props.onChange(f.id)}
            />
            <span className="ds-font-name" style={{ fontFamily: fontStack(f) }}>
              {f.family}
            </span>
            <span className="ds-font-kind">{f.id === 'system' ? 'device' : f.category}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function DesignForm({
  data,
  canSave,
  onReload,
}: {
  data: StylesResponse;
  canSave: boolean;
  onReload: () => void;
}) {
  const doc = useSiteDoc<SiteStyles>({
    url: SiteApi.styles,
    key: 'styles',
    initial: data.styles,
    version: data.version,
    read: (a) => {
      const r = a as StylesResponse;
      return { doc: r.styles, version: r.version };
    },
    check: (s) => validateStyles(s).fieldErrors,
  });
  const s = doc.draft;
  // The logo's URL for the preview once the owner picks another (undefined: the saved one).
  const [logoUrl, setLogoUrl] = useState<string | null | undefined>(undefined);
  const set = (patch: Partial<SiteStyles>) => doc.update((d) => ({ ...d, ...patch }));
  const setColor = (role: keyof SiteColors, hex: string) =>
    doc.update((d) => ({ ...d, colors: { ...d.colors, [role]: hex } }));
  const colorsValid = COLORS.every(({ role }) => parseColor(s.colors[role]).ok);
  const warnings = colorsValid ? contrastWarnings(s.colors) : [];
  const off = !canSave;

  return (
    <form
      className="ds-layout"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void doc.save();
      }}
    >
      <div className="ds-preview" aria-label="Live preview">
        <div className="ds-preview-bar">
          <span className="ds-dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          <span className="ed-muted ed-small">Live preview{doc.dirty ? ' · unsaved' : ''}</span>
        </div>
        <PreviewFrame styles={s} logoUrl={logoUrl} />
      </div>
      <div className="ds-panel">
        <section className="ed-section ds-card" aria-labelledby="ds-colors-h">
          <h2 id="ds-colors-h">Colours</h2>
          <div className="ds-palette" aria-hidden="true">
            {COLORS.map(({ role }) => (
              <span key={role} style={{ background: s.colors[role] }} />
            ))}
          </div>
          {COLORS.map(({ role, label, hint }) => (
            <ColorField
              key={role}
              id={`ds-color-${role}`}
              label={label}
              hint={hint}
              value={s.colors[role]}
              serverError={doc.errors[`colors.${role}`]}
              disabled={off}
              onChange={(hex) => setColor(role, hex)}
            />
          ))}
          {warnings.length > 0 && (
            <div className="ds-warnings" role="status">
              <strong>Contrast warning</strong>
              <ul>
                {warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
              <span className="ed-small">
                Some visitors may find this hard to read. You can still save.
              </span>
            </div>
          )}
        </section>

        <section className="ed-section ds-card" aria-labelledby="ds-fonts-h">
          <h2 id="ds-fonts-h">Fonts</h2>
          <p className="ed-muted ed-small">
            Served by your site itself: no requests to other companies.
          </p>
          <FontPicker
            legend="Headings"
            name="font-heading"
            value={s.fonts.heading}
            disabled={off}
            onChange={(heading) => set({ fonts: { ...s.fonts, heading } })}
          />
          <FontPicker
            legend="Body text"
            name="font-body"
            value={s.fonts.body}
            disabled={off}
            onChange={(body) => set({ fonts: { ...s.fonts, body } })}
          />
        </section>

        <section className="ed-section ds-card" aria-labelledby="ds-layout-h">
          <h2 id="ds-layout-h">Spacing and buttons</h2>
          <Choice
            legend="Space between sections"
            name="spacing"
            values={SPACINGS}
            labels={SPACING_LABELS}
            value={s.spacing}
            disabled={off}
            onChange={(spacing) => set({ spacing })}
          />
          <Choice
            legend="Button shape"
            name="shape"
            values={BUTTON_SHAPES}
            labels={SHAPE_LABELS}
            value={s.buttons.shape}
            disabled={off}
            onChange={(shape) => set({ buttons: { ...s.buttons, shape } })}
            render={(v) => (
              <>
                <i className={`ds-shape ds-shape-${v}`} aria-hidden="true" />
                {SHAPE_LABELS[v]}
              </>
            )}
          />
          <Choice
            legend="Button fill"
            name="fill"
            values={BUTTON_FILLS}
            labels={FILL_LABELS}
            value={s.buttons.fill}
            disabled={off}
            onChange={(fill) => set({ buttons: { ...s.buttons, fill } })}
          />
          <div className="ds-button-sample" aria-hidden="true">
            <span
              style={{
                borderRadius: { square: '0', rounded: '0.5rem', pill: '999px' }[s.buttons.shape],
                background: s.buttons.fill === 'solid' ? s.colors.accent : 'transparent',
                color: s.buttons.fill === 'solid' ? s.colors.accentText : s.colors.accent,
                borderColor: s.colors.accent,
                fontFamily: fontStack(
                  FONT_CHOICES.find((f) => f.id === s.fonts.body) ?? FONT_CHOICES[0]!,
                ),
              }}
            >
              Shop now
            </span>
          </div>
        </section>

        <section className="ed-section ds-card" aria-labelledby="ds-brand-h">
          <h2 id="ds-brand-h">Logo and favicon</h2>
          <ImageChoice
            label="Logo"
            hint="Shown in place of the site title."
            assetId={s.logoAssetId}
            disabled={off}
            error={doc.errors.logoAssetId}
            onChange={(a) => {
              set({ logoAssetId: a?.id ?? null });
              setLogoUrl(a ? imageUrlOf(a, 400) : null);
            }}
          />
          <ImageChoice
            label="Favicon"
            hint="The small icon in browser tabs. A square image works best."
            assetId={s.faviconAssetId}
            disabled={off}
            error={doc.errors.faviconAssetId}
            onChange={(a) => set({ faviconAssetId: a?.id ?? null })}
          />
        </section>
        <SaveBar
          dirty={doc.dirty}
          saving={doc.saving}
          result={doc.result}
          canSave={canSave}
          label="Save design"
          onDiscard={() => {
            doc.discard();
            setLogoUrl(undefined);
          }}
          onReload={onReload}
        />
      </div>
    </form>
  );
}

import { useEffect, useRef } from 'react';
import type { SiteStyles } from '../../../../shared/content/site-api.js';
import { SiteApi } from '../../../../shared/content/site-api.js';
import { styleVariablesCss } from '../../../../shared/content/style-vars.js';

const STYLE_ID = 'ed-design-preview';
const FONTS_ID = 'ed-design-fonts';

/** Writes the draft's variables (and the logo) into the site page inside the frame. */
function apply(doc: Document, styles: SiteStyles, logoUrl: string | null | undefined): void {
  if (!doc.head) return;
  if (!doc.getElementById(FONTS_ID)) {
    const link = doc.createElement('link');
    link.id = FONTS_ID;
    link.rel = 'stylesheet';
    link.href = SiteApi.fontsCss;
    doc.head.append(link);
  }
  let style = doc.getElementById(STYLE_ID);
  if (!style) {
    style = doc.createElement('style');
    style.id = STYLE_ID;
  }
  // Last in <head>: the same :root selector as the page's own rule, so this one wins.
  doc.head.append(style);
  style.textContent = styleVariablesCss(styles);
  // undefined: the logo is the saved one, which the page already shows.
  if (logoUrl === undefined) return;
  const title = doc.querySelector<HTMLAnchorElement>('.site-title');
  if (!title) return;
  const name = title.querySelector('img')?.alt ?? title.textContent ?? '';
  title.dataset.siteName ??= name;
  if (logoUrl) {
    const img = doc.createElement('img');
    img.className = 'site-logo';
    img.src = logoUrl;
    img.alt = title.dataset.siteName;
    title.replaceChildren(img);
  } else {
    title.replaceChildren(doc.createTextNode(title.dataset.siteName));
  }
}

/**
 * The LIVE preview: the site's home page in a same-origin frame. Every draft change sets the CSS
 * custom properties inside it at once (no save, no reload), the same rule the server writes
 * into saved pages (shared/content/style-vars.ts). Links inside keep working, so the owner can
 * look at other pages with the draft applied too.
 */
export function PreviewFrame({
  styles,
  logoUrl,
  path = '/',
}: {
  styles: SiteStyles;
  logoUrl: string | null | undefined;
  path?: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef({ styles, logoUrl });
  latest.current = { styles, logoUrl };

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (doc?.readyState !== 'loading' && doc) apply(doc, styles, logoUrl);
  }, [styles, logoUrl]);

  return (
    <iframe
      ref={frame}
      className="ds-preview-frame"
      title="Preview of your site"
      src={path}
      onLoad={(e) => {
        const doc = e.currentTarget.contentDocument;
        if (doc) apply(doc, latest.current.styles, latest.current.logoUrl);
      }}
    />
  );
}

import type { CreatablePageKind, PageKind } from '../../../../shared/content/page-api.js';

/** What each kind is called on the Pages screen. */
export const KIND_LABEL: Record<PageKind, string> = {
  page: 'Page',
  splash: 'Splash page',
  folder: 'Folder',
  blog: 'Blog',
  events: 'Events',
  gallery: 'Gallery',
  products: 'Shop',
  footer: 'Footer',
  'not-found': '404 page',
};

/** The create menu: each creatable kind with a line saying what it is. */
export const CREATE_CHOICES: { kind: CreatablePageKind; hint: string }[] = [
  { kind: 'page', hint: 'Sections of text, images and more' },
  { kind: 'splash', hint: 'A cover page without the header and footer' },
  { kind: 'folder', hint: 'Groups pages in a drop-down menu' },
  { kind: 'blog', hint: 'Posts with dates, tags and comments' },
  { kind: 'events', hint: 'Upcoming and past events' },
  { kind: 'gallery', hint: 'A grid of images' },
];

/** Kinds whose entries are edited in the items screens (`#/content/{collectionId}`). */
export const ITEM_KINDS: readonly PageKind[] = ['blog', 'events', 'gallery'];

// 20 px line icons (stroke = currentColor), one per kind, drawn for this screen.
const PATHS: Record<PageKind, string> = {
  page: 'M6 2.5h5.5L15 6v11.5H6zM11.5 2.5V6H15M8.5 10h4M8.5 13h4',
  splash: 'M3 4.5h14v11H3zM6 12l2.5-3 2 2.5L12 10l2 2',
  folder: 'M2.5 5.5h5l1.5 1.5h8.5v8.5h-15z',
  blog: 'M4 16l1-4 8.5-8.5 3 3L8 15zM11.5 5.5l3 3',
  events: 'M3.5 5h13v11h-13zM3.5 8.5h13M7 3v3.5M13 3v3.5',
  gallery: 'M3 3.5h6v6H3zM11 3.5h6v6h-6zM3 11.5h6v5H3zM11 11.5h6v5h-6z',
  products: 'M4 7h12l-1 9.5H5zM7.5 7V5.5a2.5 2.5 0 0 1 5 0V7',
  footer: 'M3.5 3.5h13v13h-13zM3.5 12.5h13',
  'not-found': 'M10 3l7.5 13.5h-15zM10 8v4M10 14.2v.1',
};

export function KindIcon({ kind }: { kind: PageKind }) {
  return (
    <svg
      className="pg-icon"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[kind]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Small inline icons of the rows: the home page, a password lock, a drag grip. */
export function GlyphIcon({ name }: { name: 'home' | 'lock' | 'grip' | 'gear' | 'more' }) {
  const d = {
    home: 'M3 9.5L10 3.5l7 6M5 8v8.5h10V8',
    lock: 'M5 9h10v8H5zM7 9V6.5a3 3 0 0 1 6 0V9',
    grip: 'M7.5 5h.01M12.5 5h.01M7.5 10h.01M12.5 10h.01M7.5 15h.01M12.5 15h.01',
    gear: 'M10 7.2a2.8 2.8 0 1 0 0 5.6 2.8 2.8 0 0 0 0-5.6zM10 2.5v2M10 15.5v2M2.5 10h2M15.5 10h2M4.7 4.7l1.4 1.4M13.9 13.9l1.4 1.4M4.7 15.3l1.4-1.4M13.9 6.1l1.4-1.4',
    more: 'M4.5 10h.01M10 10h.01M15.5 10h.01',
  }[name];
  const dots = name === 'grip' || name === 'more';
  return (
    <svg
      className={`pg-glyph pg-glyph-${name}`}
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={dots ? 2.6 : 1.6}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

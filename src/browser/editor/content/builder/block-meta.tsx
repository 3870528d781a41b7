/**
 * How the builder names and draws each block type: the picker's label, icon and one-line
 * description, and the outline's summary of a block's content.
 */
import { BLOCK_CODES, BlockCode, type ContentBlock } from '../../../../shared/content/blocks.js';

export const BLOCK_LABELS: Record<BlockCode, { label: string; hint: string }> = {
  [BlockCode.TEXT]: { label: 'Text', hint: 'Paragraphs, lists and links' },
  [BlockCode.HEADING]: { label: 'Heading', hint: 'A title for a part of the page' },
  [BlockCode.IMAGE]: { label: 'Image', hint: 'One picture with a caption' },
  [BlockCode.GALLERY]: { label: 'Gallery', hint: 'Pictures in a grid, slideshow or slider' },
  [BlockCode.BUTTON]: { label: 'Button', hint: 'A link that stands out' },
  [BlockCode.QUOTE]: { label: 'Quote', hint: 'A quotation and its source' },
  [BlockCode.SPACER]: { label: 'Spacer', hint: 'Empty space between blocks' },
  [BlockCode.VIDEO]: { label: 'Video', hint: 'YouTube or Vimeo by URL' },
  [BlockCode.CODE]: { label: 'Code', hint: 'Your own HTML' },
  [BlockCode.MAP]: { label: 'Map', hint: 'A place on a map' },
  [BlockCode.FORM]: { label: 'Form', hint: 'One of your forms' },
  [BlockCode.NEWSLETTER]: { label: 'Newsletter', hint: 'A mailing-list sign-up' },
  [BlockCode.PRODUCT]: { label: 'Product', hint: 'One product with its button' },
  [BlockCode.PRODUCT_LIST]: { label: 'Product list', hint: 'Products of a shop page' },
  [BlockCode.SUMMARY]: { label: 'Summary', hint: 'Newest posts or next events' },
  [BlockCode.SOCIAL_LINKS]: { label: 'Social links', hint: 'Icons linking to your profiles' },
};

/** The picker's order: the common blocks first. */
export const PICKER_ORDER: readonly BlockCode[] = [
  BlockCode.TEXT,
  BlockCode.HEADING,
  BlockCode.IMAGE,
  BlockCode.GALLERY,
  BlockCode.BUTTON,
  BlockCode.QUOTE,
  BlockCode.SPACER,
  BlockCode.VIDEO,
  BlockCode.MAP,
  BlockCode.FORM,
  BlockCode.NEWSLETTER,
  BlockCode.PRODUCT,
  BlockCode.PRODUCT_LIST,
  BlockCode.SUMMARY,
  BlockCode.SOCIAL_LINKS,
  BlockCode.CODE,
];
// Every code of blocks.ts is offered exactly once (a new code must be added above).
if (PICKER_ORDER.length !== BLOCK_CODES.length) throw new Error('PICKER_ORDER misses a block');

const PATHS: Record<BlockCode, string> = {
  [BlockCode.TEXT]: 'M4 6h16M4 10h16M4 14h10M4 18h12',
  [BlockCode.HEADING]: 'M6 4v16M18 4v16M6 12h12',
  [BlockCode.IMAGE]: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01',
  [BlockCode.GALLERY]: 'M3 4h8v7H3zM13 4h8v7h-8zM3 13h8v7H3zM13 13h8v7h-8z',
  [BlockCode.BUTTON]: 'M3 8h18v8H3zM8 12h8',
  [BlockCode.QUOTE]: 'M6 17c2-1 3-3 3-6H5V6h5v5c0 4-2 7-4 8M15 17c2-1 3-3 3-6h-4V6h5v5c0 4-2 7-4 8',
  [BlockCode.SPACER]: 'M12 3v18M8 7l4-4 4 4M8 17l4 4 4-4',
  [BlockCode.VIDEO]: 'M3 5h18v14H3zM10 9v6l5-3z',
  [BlockCode.CODE]: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
  [BlockCode.MAP]:
    'M12 21s-6-6-6-11a6 6 0 0 1 12 0c0 5-6 11-6 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5',
  [BlockCode.FORM]: 'M4 4h16v16H4zM7 8h10M7 12h10M7 16h5',
  [BlockCode.NEWSLETTER]: 'M3 6h18v12H3zM3 6l9 7 9-7',
  [BlockCode.PRODUCT]: 'M6 7h12l-1 13H7zM9 7a3 3 0 0 1 6 0',
  [BlockCode.PRODUCT_LIST]: 'M3 4h7v7H3zM14 4h7v7h-7zM3 14h7v7H3zM14 14h7v7h-7z',
  [BlockCode.SUMMARY]: 'M4 4h16v5H4zM4 12h7v8H4zM14 12h6M14 16h6M14 20h4',
  [BlockCode.SOCIAL_LINKS]:
    'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6M18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6M8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
};

export function BlockIcon({ type, size = 20 }: { type: BlockCode; size?: number }) {
  return (
    <svg
      className="bd-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[type]} />
    </svg>
  );
}

function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

const DESIGN_NAMES = { grid: 'Grid', slideshow: 'Slideshow', slider: 'Slider', stacked: 'Stacked' };

/** A few words of what the block shows, for the outline ('' when nothing telling). */
export function blockSummary(block: ContentBlock): string {
  switch (block.type) {
    case BlockCode.TEXT:
      return plain(block.html);
    case BlockCode.HEADING:
    case BlockCode.QUOTE:
      return block.text;
    case BlockCode.BUTTON:
      return block.label;
    case BlockCode.IMAGE:
      return block.assetId ? block.caption || block.alt || '' : 'No image chosen';
    case BlockCode.GALLERY:
      return `${DESIGN_NAMES[block.design ?? 'grid']} · ${block.assetIds.length} image${block.assetIds.length === 1 ? '' : 's'}`;
    case BlockCode.SPACER:
      return `${block.size} px`;
    case BlockCode.VIDEO:
      return block.url || 'No video yet';
    case BlockCode.MAP:
      return block.label;
    case BlockCode.SOCIAL_LINKS:
      return block.links.map((l) => l.network).join(', ');
    case BlockCode.PRODUCT_LIST:
    case BlockCode.SUMMARY:
      return block.title ?? '';
    default:
      return '';
  }
}

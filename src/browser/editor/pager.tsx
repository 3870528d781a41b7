/**
 * Back / forward through the pages of a list (every list screen of /config uses it). Newest-first
 * lists keep the default 'Newer' / 'Older'; others name the buttons.
 */
export function Pager({
  page,
  hasNextPage,
  onPage,
  label,
  backLabel = 'Newer',
  forwardLabel = 'Older',
  status,
}: {
  page: number;
  hasNextPage: boolean;
  onPage: (p: number) => void;
  label: string;
  backLabel?: string;
  forwardLabel?: string;
  /** Replaces 'Page {page}' (e.g. 'Page 2 of 7'). */
  status?: string;
}) {
  if (page === 1 && !hasNextPage) return null;
  return (
    <nav className="ed-pager" aria-label={label}>
      <button
        type="button"
        className="ed-button ed-button-quiet"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {backLabel}
      </button>
      <span>{status ?? `Page ${page}`}</span>
      <button
        type="button"
        className="ed-button ed-button-quiet"
        disabled={!hasNextPage}
        onClick={() => onPage(page + 1)}
      >
        {forwardLabel}
      </button>
    </nav>
  );
}

/** `onPage` for a cursor-paged list: back drops the last cursor, forward adds the next one. */
export function cursorPaging(
  page: number,
  nextCursor: string | null,
  setCursors: (update: (c: (string | null)[]) => (string | null)[]) => void,
): (p: number) => void {
  return (p) => setCursors((c) => (p < page ? c.slice(0, -1) : [...c, nextCursor]));
}

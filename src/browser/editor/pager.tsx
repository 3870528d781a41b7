/** Newer / older pages of a newest-first list. */
export function Pager({
  page,
  hasNextPage,
  onPage,
  label,
}: {
  page: number;
  hasNextPage: boolean;
  onPage: (p: number) => void;
  label: string;
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
        Newer
      </button>
      <span>Page {page}</span>
      <button
        type="button"
        className="ed-button ed-button-quiet"
        disabled={!hasNextPage}
        onClick={() => onPage(page + 1)}
      >
        Older
      </button>
    </nav>
  );
}

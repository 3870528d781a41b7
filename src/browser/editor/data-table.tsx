import { useId, type ReactNode } from 'react';

/**
 * A table with a caption inside a scroll container: wide tables scroll sideways on phones
 * instead of breaking the layout, and the container is focusable and named so keyboard users
 * can scroll it too.
 */
export function DataTable({
  caption,
  head,
  children,
  empty,
  isEmpty,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  empty: string;
  isEmpty: boolean;
}) {
  const id = useId();
  if (isEmpty) return <p className="ed-empty">{empty}</p>;
  return (
    <div className="ed-table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="ed-table">
        <caption id={id}>{caption}</caption>
        <thead>{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

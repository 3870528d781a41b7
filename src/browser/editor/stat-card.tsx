/** One headline number. `<dl>` pairs the label with its value for assistive technology. */
export function StatList({ items }: { items: { label: string; value: string; note?: string }[] }) {
  return (
    <dl className="ed-stats">
      {items.map((i) => (
        <div key={i.label} className="ed-stat">
          <dt>{i.label}</dt>
          <dd>
            <span className="ed-stat-value">{i.value}</span>
            {i.note && <span className="ed-stat-note">{i.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

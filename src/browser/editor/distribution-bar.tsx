import { formatShare } from './format.js';

/** Good / needs-improvement / poor shares as one bar; the label says the same in words. */
export function DistributionBar({
  good,
  needsImprovement,
  poor,
}: {
  good: number;
  needsImprovement: number;
  poor: number;
}) {
  const label = `Good ${formatShare(good)}, needs improvement ${formatShare(needsImprovement)}, poor ${formatShare(poor)}`;
  return (
    <span className="ed-dist" role="img" aria-label={label} title={label}>
      <span className="ed-dist-good" style={{ width: `${good * 100}%` }} />
      <span className="ed-dist-ni" style={{ width: `${needsImprovement * 100}%` }} />
      <span className="ed-dist-poor" style={{ width: `${poor * 100}%` }} />
    </span>
  );
}

import { progressText } from './send-requests.js';
import type { TrackedSend } from './use-send-tracker.js';

/** A send's progress bar and words, announced politely as they change. */
export function SendStatus({ send }: { send: TrackedSend | undefined }) {
  if (!send) return null;
  if (send.error)
    return (
      <p className="ed-inline-error" role="alert">
        {send.error}
      </p>
    );
  const p = send.progress;
  return (
    <div className="ed-send-status">
      {p && p.total > 0 && <progress max={p.total} value={p.sent + p.failed} />}
      <p role="status">
        {!p ? 'Starting…' : p.total === 0 && !p.running ? 'Nobody was waiting.' : progressText(p)}
        {p && p.errors.length > 0 && ` · ${p.errors[0]}`}
      </p>
    </div>
  );
}

import type { ReactNode } from 'react';
import { EditorText, loadFailureDetail } from './messages.js';
import type { LoadState } from './use-load.js';

/** 'Unable to load. Try again.' (SPEC 8.7) with the reason and a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="ed-alert" role="alert">
      <p>
        <strong>{EditorText.LOAD_FAILED}</strong> <span>{loadFailureDetail(error)}</span>
      </p>
      <button type="button" className="ed-button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="ed-loading" role="status">
      {label}
    </p>
  );
}

/**
 * A screen section's states: a loading line the first time, the error with a retry, or the data.
 * While reloading, the old data stays and the section is marked busy.
 */
export function LoadView<T>({
  state,
  children,
  label,
}: {
  state: LoadState<T> & { reload: () => void };
  children: (data: T) => ReactNode;
  label?: string;
}) {
  if (state.status === 'error') return <LoadError error={state.error} onRetry={state.reload} />;
  if (state.data === undefined) return <Loading {...(label ? { label } : {})} />;
  return <div aria-busy={state.status === 'loading'}>{children(state.data)}</div>;
}

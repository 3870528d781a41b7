import type { SaveResult } from './use-site-doc.js';

/**
 * Save and Discard with the state in words: unsaved changes, saved, a refusal, or a conflict
 * (someone else saved first) with a Reload button. Sticks to the bottom of the screen.
 */
export function SaveBar(props: {
  dirty: boolean;
  saving: boolean;
  result: SaveResult;
  canSave: boolean;
  onDiscard: () => void;
  onReload: () => void;
  label: string;
}) {
  const { dirty, saving, result, canSave } = props;
  let status = dirty ? 'Unsaved changes' : 'All changes saved';
  if (result?.kind === 'saved' && !dirty) status = 'Saved.';
  if (!canSave) status = 'Your role can look at these settings but not change them.';
  return (
    <div className="ds-save-bar">
      <span
        role="status"
        className={
          result?.kind === 'error' || result?.kind === 'conflict'
            ? 'ed-inline-error'
            : dirty
              ? 'ds-unsaved'
              : 'ed-saved'
        }
      >
        {result?.kind === 'error' || result?.kind === 'conflict' ? result.text : status}
      </span>
      <div className="ds-save-actions">
        {result?.kind === 'conflict' && (
          <button type="button" className="ed-button" onClick={props.onReload}>
            Reload
          </button>
        )}
        <button
          type="button"
          className="ed-button"
          disabled={!dirty || saving}
          onClick={props.onDiscard}
        >
          Discard
        </button>
        <button
          type="submit"
          className="ed-button ed-button-primary"
          disabled={!canSave || !dirty || saving}
        >
          {saving ? 'Saving…' : props.label}
        </button>
      </div>
    </div>
  );
}

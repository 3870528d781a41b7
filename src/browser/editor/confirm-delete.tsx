import { useState } from 'react';

/**
 * 'Delete…', then the real delete beside a way back: a second click is the confirmation, so a
 * stray tap deletes nothing (lists, submissions).
 */
export function ConfirmDelete({
  confirmLabel,
  cancelLabel = 'Keep',
  onConfirm,
}: {
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="ed-button ed-button-danger" onClick={() => setAsking(true)}>
        Delete…
      </button>
    );
  }
  return (
    <>
      <button type="button" className="ed-button ed-button-danger" onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="ed-button" onClick={() => setAsking(false)}>
        {cancelLabel}
      </button>
    </>
  );
}

import { useState } from 'react';

/**
 * 'Send notifications' for a variant's restock sign-ups. When the variant is still sold out,
 * the first click asks: a notice now sends shoppers to a page where they cannot buy, and the
 * sign-ups it spends cannot be sent again.
 */
export function SendNotificationsButton({
  soldOut,
  disabled,
  onSend,
  label,
  primary = false,
}: {
  soldOut: boolean;
  disabled: boolean;
  onSend: () => void;
  /** The accessible name when the row gives the context (lists). */
  label?: string;
  primary?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const className = primary ? 'ed-button ed-button-primary' : 'ed-button';
  if (asking) {
    return (
      <span className="ed-inline-ask" role="group" aria-label="Confirm sending">
        <span>Still sold out. Send anyway?</span>
        <button
          type="button"
          className={className}
          onClick={() => {
            setAsking(false);
            onSend();
          }}
        >
          Send anyway
        </button>
        <button type="button" className="ed-button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      onClick={() => (soldOut ? setAsking(true) : onSend())}
      {...(label ? { 'aria-label': label } : {})}
    >
      Send notifications
    </button>
  );
}

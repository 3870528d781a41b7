import { useId, useRef } from 'react';
import { Modal } from './modal.js';

export interface AlertState {
  title: string;
  /** May be empty: a custom form that fails to render shows a blank alert (SPEC 8.1). */
  message: string;
}

/** SPEC 2.2: the centred alert dialog of add-to-cart failures; OK or Escape closes it. */
export function AlertDialog(props: { alert: AlertState | null; onClose: () => void }) {
  const id = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  const { alert } = props;
  return (
    <Modal
      open={alert !== null}
      onClose={props.onClose}
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-message`}
      initialFocus={okRef}
      className="pi-alert"
    >
      <h2 id={`${id}-title`} style={{ marginTop: 0, fontSize: '1.25em' }}>
        {alert?.title}
      </h2>
      <p id={`${id}-message`}>{alert?.message}</p>
      <button ref={okRef} type="button" onClick={props.onClose}>
        OK
      </button>
    </Modal>
  );
}

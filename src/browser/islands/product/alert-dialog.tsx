import { useId, useRef } from 'react';
import { Modal } from './modal.js';
import { useMessage } from '../use-message.js';

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
  // The title and text in the page's language (their table loads with this chunk).
  const title = useMessage(alert?.title);
  const message = useMessage(alert?.message);
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
        {title}
      </h2>
      <p id={`${id}-message`}>{message}</p>
      <button ref={okRef} type="button" onClick={props.onClose}>
        OK
      </button>
    </Modal>
  );
}

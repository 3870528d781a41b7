import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the native `<dialog>` (`showModal`): the browser keeps focus inside, makes
 * the page behind inert and closes it on Escape. Focus goes to the first control marked
 * `data-autofocus` (else the first control) and, on close, back to what had it before.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>(
        'input:not([type=hidden]), select, textarea, button:not(.ed-dialog-close), a[href]',
      );
    first?.focus();
    const cancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`ed-dialog${wide ? ' ed-dialog-wide' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="ed-dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="ed-button ed-button-quiet ed-dialog-close"
          aria-label="Close"
          onClick={onClose}
        >
          ✕
        </button>
      </div>
      <div className="ed-dialog-body">{children}</div>
    </dialog>
  );
}

import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { trapTab } from './focus-trap.js';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** id of the element naming the dialog. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  /** Gets focus on open; otherwise the dialog box itself does. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Close on a click on the dimmed area around the box (SPEC 4.4). */
  closeOnOutsideClick?: boolean;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog: rendered into <body> only while open (so nothing of it reaches SSR), focus moved
 * in and trapped, Escape and an outside click close it, focus returns where it was. Handled keys
 * stop propagating because dialogs nest (an alert inside the quick view) and React bubbles portal
 * events through its own tree.
 */
export function Modal(props: ModalProps) {
  const { open } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(props.onClose);
  onCloseRef.current = props.onClose;
  const initialFocus = props.initialFocus;

  // A layout effect, not a passive one: focus moves in before the dialog is painted, and back to
  // the trigger in the same commit that removes the dialog (preact/compat runs passive effects
  // after the next frame, so for a moment focus was on nothing and a quick Tab went to <body>).
  useLayoutEffect(() => {
    if (!open) return;
    const returnTo = document.activeElement as HTMLElement | null;
    (initialFocus?.current ?? boxRef.current)?.focus();
    return () => {
      if (returnTo && returnTo.isConnected) returnTo.focus();
    };
  }, [open, initialFocus]);

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <div
      className="pi-overlay"
      data-testid="pi-overlay"
      onMouseDown={(e) => {
        if (props.closeOnOutsideClick !== false && e.target === e.currentTarget) {
          e.stopPropagation();
          // Otherwise the mousedown's default action, which runs after this handler, moves focus
          // to <body> right after closing returned it to the trigger.
          e.preventDefault();
          onCloseRef.current();
        }
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          e.preventDefault();
          onCloseRef.current();
        } else if (e.key === 'Tab' && boxRef.current) {
          e.stopPropagation();
          trapTab(e.nativeEvent, boxRef.current);
        }
      }}
    >
      <div
        ref={boxRef}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={props.labelledBy}
        aria-label={props.labelledBy ? undefined : props.label}
        aria-describedby={props.describedBy}
        tabIndex={-1}
        className={['pi-dialog', props.wide ? 'pi-dialog-wide' : '', props.className ?? '']
          .filter(Boolean)
          .join(' ')}
      >
        {props.children}
      </div>
    </div>,
    document.body,
  );
}

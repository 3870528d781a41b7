import { useEffect, useRef, useState, type Ref } from 'react';
import type { AddToCartState } from '../../../shared/cart/add-to-cart-machine.js';
import { ADD_TO_CART_TIMINGS } from '../../../shared/cart/add-to-cart-machine.js';
import { visuallyHidden } from './styles.js';

/**
 * What the live region next to the button says: every label the button changes to after a click
 * (the button's own text is not announced when it changes). 'Select Option' is the only error a
 * list-grid button shows, so it must be heard; 'Sold Out' after choosing a sold-out variant too.
 * The idle label is left out: it is what the button already says when focused. Alerts announce
 * themselves (role="alertdialog", focus moved in, message as its description).
 */
export function buttonAnnouncement(state: AddToCartState): string {
  return state.phase === 'idle' ? '' : state.text;
}

/**
 * The add-to-cart button's view: the machine's text on a real <button>, a 0.2 s scale pulse on
 * every change (the stylesheet drops it under prefers-reduced-motion), and a polite live region
 * (`buttonAnnouncement`).
 */
export function AddToCartButton(props: {
  state: AddToCartState;
  onClick: () => void;
  className?: string;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const { state } = props;
  const [pulse, setPulse] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setPulse(true);
    const t = setTimeout(() => setPulse(false), ADD_TO_CART_TIMINGS.scaleAnimationMs);
    return () => clearTimeout(t);
  }, [state.changeCount]);
  const busy = state.phase === 'adding';
  return (
    <>
      <button
        ref={props.buttonRef}
        type="button"
        className={[
          'pi-button',
          'sqs-add-to-cart-button',
          props.className ?? '',
          pulse ? 'pi-pulse' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        data-phase={state.phase}
        data-flagged={state.flagged ? 'true' : undefined}
        disabled={state.disabled}
        aria-disabled={state.disabled || busy ? 'true' : undefined}
        aria-busy={busy ? 'true' : undefined}
        onClick={props.onClick}
      >
        {state.text}
      </button>
      {/* Empty until the first change: a live region's initial content is not announced, and
          a sold-out product's SSR label must not be read out as news. */}
      <span role="status" aria-live="polite" aria-atomic="true" style={visuallyHidden}>
        {state.changeCount > 0 ? buttonAnnouncement(state) : ''}
      </span>
    </>
  );
}

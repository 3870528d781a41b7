import { useEffect, useRef, useState, type Ref } from 'react';
import type { AddToCartState } from '../../../shared/cart/add-to-cart-machine.js';
import { ADD_TO_CART_TIMINGS } from '../../../shared/cart/add-to-cart-machine.js';
import { ensureStyles, visuallyHidden } from './styles.js';

/**
 * The add-to-cart button's view: the machine's text on a real <button>, a 0.2 s scale pulse on
 * every change (the stylesheet drops it under prefers-reduced-motion), and a polite live region
 * so screen readers hear 'Adding…' and 'Added!' (the button's own text is not announced).
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
      ensureStyles();
      return;
    }
    setPulse(true);
    const t = setTimeout(() => setPulse(false), ADD_TO_CART_TIMINGS.scaleAnimationMs);
    return () => clearTimeout(t);
  }, [state.changeCount]);
  const busy = state.phase === 'adding';
  const announce = state.phase === 'adding' || state.phase === 'added' ? state.text : '';
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
      <span role="status" aria-live="polite" style={visuallyHidden}>
        {announce}
      </span>
    </>
  );
}

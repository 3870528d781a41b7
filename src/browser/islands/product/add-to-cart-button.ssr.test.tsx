import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AddToCartState } from '../../../shared/cart/add-to-cart-machine.js';
import { AddToCartButton, buttonAnnouncement } from './add-to-cart-button.js';

function state(over: Partial<AddToCartState>): AddToCartState {
  return {
    phase: 'idle',
    text: 'Add To Cart',
    disabled: false,
    flagged: false,
    changeCount: 1,
    ...over,
  };
}

/** The live region's text in the rendered markup. */
function liveText(s: AddToCartState): string {
  const html = renderToString(<AddToCartButton state={s} onClick={() => undefined} />);
  const m = /<span role="status" aria-live="polite" aria-atomic="true"[^>]*>([^<]*)<\/span>/.exec(
    html,
  );
  if (!m) throw new Error(`no live region in ${html}`);
  return m[1]!;
}

describe('add-to-cart button live region (screen readers)', () => {
  it("announces every label a click leads to, the list grid's Select Option included", () => {
    expect(liveText(state({ phase: 'adding', text: 'Adding…' }))).toBe('Adding…');
    expect(liveText(state({ phase: 'added', text: 'Added!' }))).toBe('Added!');
    expect(liveText(state({ phase: 'select-option', text: 'Select Option', flagged: true }))).toBe(
      'Select Option',
    );
    expect(liveText(state({ phase: 'sold-out', text: 'Sold Out', disabled: true }))).toBe(
      'Sold Out',
    );
  });

  it('stays quiet at rest and before the first change (server-rendered Sold Out is not news)', () => {
    expect(buttonAnnouncement(state({}))).toBe('');
    expect(
      liveText(state({ phase: 'sold-out', text: 'Sold Out', disabled: true, changeCount: 0 })),
    ).toBe('');
  });
});

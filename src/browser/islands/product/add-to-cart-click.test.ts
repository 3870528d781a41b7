import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddToCartCheck } from '../../../shared/cart/add-to-cart-flow.js';
import { createAddToCartMachine } from '../../../shared/cart/add-to-cart-machine.js';
import type { VariantJson } from '../../../shared/product/types.js';
import { handleAddToCartClick } from './add-to-cart-click.js';

const missing: AddToCartCheck = {
  status: 'failed',
  kind: 'NO_VARIANT_SELECTED',
  message: 'Please select the Size option.',
};
const noStock: AddToCartCheck = {
  status: 'failed',
  kind: 'OUT_OF_STOCK',
  message: 'Sorry, we do not have enough of that item available.',
};
const ok: AddToCartCheck = {
  status: 'ok',
  variant: { sku: 'S' } as VariantJson,
  quantity: 1,
  qtyInCart: 0,
};

function setup(check: AddToCartCheck, listGrid = false) {
  const machine = createAddToCartMachine({ idleText: 'Add To Cart' });
  const texts: string[] = [];
  machine.subscribe((s) => texts.push(s.text));
  const deps = {
    machine,
    check: vi.fn(() => check),
    listGrid,
    reportError: vi.fn(),
    showAlert: vi.fn(),
    start: vi.fn(),
  };
  return { machine, texts, deps, click: () => handleAddToCartClick(deps) };
}

describe('add-to-cart click (SPEC 4.1, 5.1, 9.1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a validation failure shows Adding… at once, the alert, and idle again after 1 s', () => {
    const { machine, deps, click } = setup(noStock);
    expect(click()).toBe(true);
    expect(machine.getState().text).toBe('Adding…');
    expect(deps.showAlert).toHaveBeenCalledWith(noStock.message);
    expect(deps.reportError).toHaveBeenCalledWith('OUT_OF_STOCK', noStock.message);
    expect(deps.start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    expect(machine.getState().text).toBe('Adding…');
    vi.advanceTimersByTime(1);
    expect(machine.getState()).toMatchObject({ phase: 'idle', text: 'Add To Cart' });
  });

  it('missing options on a product page: the message in the alert, not Select Option', () => {
    const { machine, deps, texts, click } = setup(missing);
    click();
    expect(deps.showAlert).toHaveBeenCalledWith(missing.message);
    vi.advanceTimersByTime(5000);
    expect(texts).toEqual(['Adding…', 'Add To Cart']);
    expect(machine.getState().flagged).toBe(false);
  });

  it('missing options on a list grid: Adding…, Select Option after 1 s for 2 s, no alert', () => {
    const { machine, deps, click } = setup(missing, true);
    click();
    expect(machine.getState().text).toBe('Adding…');
    expect(deps.showAlert).not.toHaveBeenCalled();
    expect(deps.reportError).toHaveBeenCalledWith('NO_VARIANT_SELECTED', missing.message);
    vi.advanceTimersByTime(1000);
    expect(machine.getState()).toMatchObject({ text: 'Select Option', flagged: true });
    vi.advanceTimersByTime(1999);
    expect(machine.getState().text).toBe('Select Option');
    vi.advanceTimersByTime(1);
    expect(machine.getState()).toMatchObject({
      phase: 'idle',
      text: 'Add To Cart',
      flagged: false,
    });
  });

  it('other failures on a list grid still use the alert', () => {
    const { deps, click } = setup(noStock, true);
    click();
    expect(deps.showAlert).toHaveBeenCalledWith(noStock.message);
  });

  it('clicks while Adding… are ignored, checks not run again', () => {
    const { deps, click } = setup(noStock);
    click();
    expect(click()).toBe(false);
    expect(deps.check).toHaveBeenCalledTimes(1);
    expect(deps.showAlert).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(click()).toBe(true);
  });

  it('passing checks start the asynchronous flow while Adding… shows', () => {
    const { machine, deps, click } = setup(ok);
    click();
    expect(deps.start).toHaveBeenCalledTimes(1);
    expect(deps.showAlert).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(machine.getState().text).toBe('Adding…');
  });
});

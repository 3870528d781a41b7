/**
 * How the product form draws each variant option (issue 14): colour swatches, buttons, or a
 * dropdown, and which values are sold out given what else is chosen. Pure, so the server's
 * render, the island's first render and the tests agree (hydration matches).
 */
import { isVariantSoldOut, type OptionSelection, type ProductOption } from './rules-product.js';
import type { ProductJson } from './types.js';

/** Options with more values than this stay a dropdown (a row of 20 sizes helps no one). */
export const MAX_BUTTON_VALUES = 8;

/** Option names that hold colours, in the languages the storefront speaks. */
const COLOUR_OPTION = /^(colou?rs?|colou?rway|glaze|finish|shade|カラー|色)$/i;

/** Whether the option's name says it holds colours (the server then looks their swatches up). */
export function isColourOption(name: string): boolean {
  return COLOUR_OPTION.test(name.trim());
}

export type OptionStyle =
  { kind: 'select' } | { kind: 'buttons' } | { kind: 'swatches'; colours: readonly string[] };

/**
 * Swatches when the option is a colour option and every value has a colour (`colourOf`: the
 * island gets the server's lookup as props, so the names table stays off the page's JS);
 * buttons when it has at most `MAX_BUTTON_VALUES` values; otherwise a dropdown.
 */
export function optionStyle(
  option: ProductOption,
  colourOf: (value: string) => string | undefined,
): OptionStyle {
  if (option.values.length > MAX_BUTTON_VALUES) return { kind: 'select' };
  if (isColourOption(option.name)) {
    const colours = option.values.map(colourOf);
    if (colours.every((c): c is string => c !== undefined)) return { kind: 'swatches', colours };
  }
  return { kind: 'buttons' };
}

export type ValueAvailability = 'available' | 'sold-out' | 'unavailable';

/**
 * What choosing `value` for option `name` would lead to, given the shopper's other choices:
 * 'sold-out' when every variant it could still be is sold out (SPEC 4.7's rule per variant),
 * 'unavailable' when no variant has that combination. Both stay selectable: a sold-out variant
 * shows 'Sold Out' and the restock sign-up (SPEC 4.1, 3.5), which a shopper can only reach by
 * choosing it; a missing combination gets SPEC 5.1's message on Add To Cart.
 */
export function valueAvailability(
  product: Pick<ProductJson, 'productType' | 'variants'>,
  selection: OptionSelection,
  name: string,
  value: string,
): ValueAvailability {
  const others = Object.entries(selection).filter(([k, v]) => k !== name && v);
  const candidates = product.variants.filter(
    (v) => v.attributes[name] === value && others.every(([k, val]) => v.attributes[k] === val),
  );
  if (candidates.length === 0) return 'unavailable';
  return candidates.every((v) => isVariantSoldOut(product, v)) ? 'sold-out' : 'available';
}

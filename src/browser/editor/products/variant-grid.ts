/**
 * The variant grid of the product editor: option names and values (SPEC 3.3
 * `variantOptionOrdering`) → one row per combination. Pure, so the rules that keep an owner's
 * data when options change are unit-tested (variant-grid.test.ts).
 */

/** One option as the owner edits it: 'Size' with ['S', 'M', 'L']. */
export interface OptionDef {
  name: string;
  values: string[];
}

/** One row of the grid. Texts are what the owner typed; the save turns them into the contract. */
export interface VariantRow {
  /** Stable across edits (React key, error paths stay on their row). */
  key: string;
  /** Absent for a variant the server has not stored yet. */
  id?: string;
  attributes: Record<string, string>;
  sku: string;
  price: string;
  salePrice: string;
  onSale: boolean;
  stock: string;
  unlimited: boolean;
  weight: string;
  imageAssetId: string | null;
  /** The count as loaded; `stock` differing from it is a change the owner made (contract). */
  loadedStock: number | null;
}

/** The editor offers this many options (the CSV has three option columns). */
export const OPTIONS_MAX = 3;

let seq = 0;
/** A key for a new row; unique within the page. */
export function newRowKey(): string {
  seq += 1;
  return `new-${seq}`;
}

export function emptyRow(attributes: Record<string, string>, like?: VariantRow): VariantRow {
  return {
    key: newRowKey(),
    attributes,
    sku: '',
    price: like?.price ?? '',
    salePrice: like?.salePrice ?? '',
    onSale: false,
    stock: '0',
    unlimited: like?.unlimited ?? false,
    weight: like?.weight ?? '',
    imageAssetId: null,
    loadedStock: null,
  };
}

/** The options that make rows: a name and at least one value (blank ones are still being typed). */
export function activeOptions(options: readonly OptionDef[]): OptionDef[] {
  return options
    .map((o) => ({ name: o.name.trim(), values: uniq(o.values.map((v) => v.trim())) }))
    .filter((o) => o.name && o.values.length > 0);
}

function uniq(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}

/** Every combination of the options' values, in option order (the first option varies slowest). */
export function combinations(options: readonly OptionDef[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const o of activeOptions(options))
    out = out.flatMap((attrs) => o.values.map((v) => ({ ...attrs, [o.name]: v })));
  return out;
}

/** How many rows the options would make, without making them (to refuse a grid too big). */
export function combinationCount(options: readonly OptionDef[]): number {
  return activeOptions(options).reduce((n, o) => n * o.values.length, 1);
}

function sameAttributes(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** Every option both rows have is set to the same value (an option added or removed since). */
function consistent(a: Record<string, string>, b: Record<string, string>): boolean {
  return Object.keys(a).every((k) => !(k in b) || a[k] === b[k]);
}

/**
 * The rows for `options`, keeping what the owner already entered:
 * - a row whose values are exactly a combination keeps everything (id, SKU, stock, prices);
 * - otherwise the first combination that agrees with an old row on the options both have (an
 *   option was added or removed) takes that row over, id and stock included, so a stored variant
 *   keeps its sales and sign-ups; later ones copy its prices, weight and stock mode only;
 * - anything else is new, priced like the first old row.
 * Old rows no combination takes are dropped (the save deletes them).
 */
export function generateVariants(
  options: readonly OptionDef[],
  existing: readonly VariantRow[],
): VariantRow[] {
  const combos = combinations(options);
  const taken = new Set<VariantRow>();
  const exact = combos.map((c) => existing.find((r) => sameAttributes(r.attributes, c)));
  for (const r of exact) if (r) taken.add(r);
  return combos.map((attrs, i) => {
    const same = exact[i];
    if (same) return same;
    const near = existing.find((r) => !taken.has(r) && consistent(r.attributes, attrs));
    if (near) {
      taken.add(near);
      return { ...near, attributes: attrs };
    }
    const like = existing.find((r) => consistent(r.attributes, attrs)) ?? existing[0];
    return emptyRow(attrs, like);
  });
}

/** Renames an option on every row (its values stay), so rows keep their data. */
export function renameOptionInRows(rows: VariantRow[], from: string, to: string): VariantRow[] {
  if (from === to) return rows;
  return rows.map((r) => {
    if (!(from in r.attributes)) return r;
    const attributes: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.attributes)) attributes[k === from ? to : k] = v;
    return { ...r, attributes };
  });
}

/** Renames one value of an option on every row ('S' → 'Small'). */
export function renameValueInRows(
  rows: VariantRow[],
  option: string,
  from: string,
  to: string,
): VariantRow[] {
  if (from === to) return rows;
  return rows.map((r) =>
    r.attributes[option] === from ? { ...r, attributes: { ...r.attributes, [option]: to } } : r,
  );
}

/**
 * The options of stored variants: names in `variantOptionOrdering` order (then any other
 * attribute), values in the order the variants first use them.
 */
export function optionsFromVariants(
  ordering: readonly string[],
  variants: readonly { attributes: Record<string, string> }[],
): OptionDef[] {
  const names = [...ordering];
  for (const v of variants)
    for (const k of Object.keys(v.attributes)) if (!names.includes(k)) names.push(k);
  return names.map((name) => ({
    name,
    values: uniq(variants.map((v) => v.attributes[name] ?? '')),
  }));
}

/** 'S / Red', or 'Default' for the one row of a product without options. */
export function rowLabel(row: Pick<VariantRow, 'attributes'>, ordering: readonly string[]): string {
  const parts = ordering.map((n) => row.attributes[n]).filter((v): v is string => !!v);
  return parts.length ? parts.join(' / ') : 'Default';
}

/** Moves an item of a list one place (keyboard reordering); out of range is a no-op. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to)
    return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/**
 * An element id prefix from an island's props, for labels, descriptions and their controls.
 * Not `useId`: the server renders islands with React and the browser hydrates them with
 * preact/compat, which number `useId` differently, so an element made after hydration (an
 * error text, a re-mounted field) would get an id that the server-rendered label or
 * `aria-describedby` does not name. Props are the same on both sides, so these ids are too.
 */
export function stableId(prefix: string, key: string): string {
  return `${prefix}-${key.replace(/[^\w-]/g, '_')}`;
}

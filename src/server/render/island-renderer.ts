import { isIslandName } from '../../browser/islands/registry.js';
import { escapeHtml } from '../../shared/html.js';
import type { HydrateWhen, IslandRenderer } from './formatters.js';

/**
 * The islands the templates may mount: registered names only (src/browser/islands/registry.ts).
 * `render` is `renderIsland` of ./islands.ts (the islands part); tests may leave it out and get
 * the contract's mount markup without server-rendered content.
 */
export function createIslandRenderer(
  render?: (name: never, props: object, opts?: { hydrate?: HydrateWhen }) => string,
): IslandRenderer {
  return {
    isIsland: (name) => isIslandName(name),
    render: (name, props, hydrate) => {
      if (render) return render(name as never, props, hydrate ? { hydrate } : {});
      return (
        `<div data-island="${escapeHtml(name)}" data-hydrate="${hydrate ?? 'idle'}"` +
        ` data-props="${escapeHtml(JSON.stringify(props))}"></div>`
      );
    },
  };
}

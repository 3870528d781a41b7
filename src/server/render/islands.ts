import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { escapeHtml } from '../../shared/html.js';
import type { IslandHtmlCache } from './island-html-cache.js';
import { ssrComponents } from '../../browser/islands/ssr-components.js';
import { registerAllLanguages } from '../../shared/i18n/all-languages.js';
import type { IslandName } from '../../browser/islands/registry.js';
import {
  DEFAULT_STRATEGY,
  strategyOf,
  type HydrateStrategy,
} from '../../browser/islands/hydrate-schedule.js';

// Islands render in every site's language on the server (text-packs.ts).
registerAllLanguages();

export type { IslandName } from '../../browser/islands/registry.js';
export type { HydrateStrategy } from '../../browser/islands/hydrate-schedule.js';

export interface RenderIslandOptions {
  hydrate?: HydrateStrategy;
  /** Where problems go (unknown name, a component that threw); console.warn by default. */
  onWarning?: (message: string) => void;
  /** Markup already rendered for the same name, strategy and props (renders that failed are not kept). */
  cache?: IslandHtmlCache;
}

/**
 * An island's server markup (docs/contracts.md): its container with the name, the hydration
 * strategy and the props as HTML-escaped JSON, around the component's SSR output. Templates pass
 * names as text, so an unknown name or a component that throws gives an empty container and a
 * warning, never a broken page; the loader then renders such an island fresh in the browser.
 */
export function renderIsland(
  name: IslandName | (string & {}),
  props: object | null | undefined,
  opts: RenderIslandOptions = {},
): string {
  const warn = opts.onWarning ?? ((m: string) => console.warn(m));
  const when = strategyOf(opts.hydrate ?? DEFAULT_STRATEGY);
  const safeProps = props ?? {};
  let json: string;
  try {
    json = JSON.stringify(safeProps);
  } catch (err) {
    warn(`island '${name}': props are not JSON (${(err as Error).message})`);
    json = '{}';
  }
  const cacheKey = `${name}\u0000${when}\u0000${json}`;
  const cached = opts.cache?.get(cacheKey);
  if (cached !== undefined) return cached;
  const open = `<div data-island="${escapeHtml(name)}" data-hydrate="${when}" data-props="${escapeHtml(json)}">`;

  const component = Object.prototype.hasOwnProperty.call(ssrComponents, name)
    ? ssrComponents[name as IslandName]
    : undefined;
  if (!component) {
    warn(`island '${name}' is not registered`);
    return `${open}</div>`;
  }
  let html: string;
  try {
    html = `${open}${renderToString(createElement(component, safeProps))}</div>`;
  } catch (err) {
    warn(`island '${name}' failed to render: ${(err as Error).message}`);
    return `${open}</div>`;
  }
  opts.cache?.set(cacheKey, html);
  return html;
}

import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { replayEarlyClick } from './early-clicks.js';
import { isIslandName, islandRegistry, islandTextAreas, type IslandModule } from './registry.js';
import { ensureTexts } from './page-texts.js';

/**
 * Loads one island's chunk and hydrates its server markup. Split from the loader entry so React
 * is fetched only when the first island actually hydrates. Never throws: a broken island is
 * reported and leaves its server HTML in place; other islands carry on.
 */
export async function hydrateIsland(el: HTMLElement): Promise<void> {
  const name = el.dataset.island ?? '';
  try {
    if (!isIslandName(name)) throw new Error(`unknown island '${name}'`);
    const props = JSON.parse(el.dataset.props || '{}') as object;
    // The page's language tables the island draws (none on an English page), with its chunk.
    const [mod] = (await Promise.all([
      islandRegistry[name](),
      ensureTexts(islandTextAreas[name] ?? []).catch((err: unknown) => {
        console.warn(`island ${name}: could not load its texts`, err);
      }),
    ])) as [IslandModule, void];
    // A lazily loaded part that cannot be fetched is left out: the island still hydrates (its
    // own code retries the part when needed) rather than staying dead for want of a part.
    await mod.prepare?.(props, el).catch((err: unknown) => {
      console.warn(`island ${name}: could not prepare`, err);
    });
    const Component = mod.default as ComponentType<object>;
    const tree = createElement(Hydrated, { el, children: createElement(Component, props) });
    const report = (err: unknown) => console.warn(`island ${name}:`, err);
    // No server markup (unknown at SSR time, or it failed there): render fresh instead.
    if (el.firstChild) hydrateRoot(el, tree, { onRecoverableError: report });
    else createRoot(el, { onUncaughtError: report }).render(tree);
  } catch (err) {
    el.dataset.hydrated = 'failed';
    console.warn(`island ${name}: could not hydrate`, err);
  }
}

/** Marks the container once React has committed, so tests and tools know the island is live. */
function Hydrated({ el, children }: { el: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    el.dataset.hydrated = 'true';
    // Handlers are attached once React has committed: a tap held by the loader lands now.
    replayEarlyClick(el);
  }, [el]);
  return children;
}

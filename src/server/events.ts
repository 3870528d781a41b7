import { EventEmitter } from 'node:events';

/**
 * In-process domain events, so one domain can react to another without importing it
 * (catalog announces a restock; the restock domain sends notices). Listeners must not throw;
 * errors they report are logged by whoever emits.
 */
export interface DomainEventMap {
  /** A variant's stock went from 0 (or less) to above 0, or it became unlimited. */
  'variant-restocked': [{ siteId: string; itemId: string; variantId: string; qtyInStock: number }];
  /** Content that pages show changed (the page cache keys on sites.content_version too). */
  'content-changed': [{ siteId: string }];
}

export class DomainEvents extends EventEmitter<DomainEventMap> {}

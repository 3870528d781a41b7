import type { DomainRoutes } from '../deps.js';

/** The restock domain's HTTP routes. */
export const restockRoutes: DomainRoutes = async () => {};

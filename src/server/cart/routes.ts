import type { DomainRoutes } from '../deps.js';

/** The cart domain's HTTP routes. */
export const cartRoutes: DomainRoutes = async () => {};

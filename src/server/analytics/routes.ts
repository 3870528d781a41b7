import type { DomainRoutes } from '../deps.js';

/** The analytics domain's HTTP routes. */
export const analyticsRoutes: DomainRoutes = async () => {};

import type { DomainRoutes } from '../deps.js';

/** The performance domain's HTTP routes. */
export const performanceRoutes: DomainRoutes = async () => {};

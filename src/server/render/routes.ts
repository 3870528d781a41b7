import type { DomainRoutes } from '../deps.js';

/** Site pages (the catch-all GET route). */
export const pageRoutes: DomainRoutes = async () => {};

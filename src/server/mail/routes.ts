import type { DomainRoutes } from '../deps.js';

/** The mail domain's HTTP routes. */
export const mailRoutes: DomainRoutes = async () => {};

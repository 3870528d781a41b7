import type { Db } from '../db/database.js';
import type { Site } from '../sites/site-queries.js';
import type { ItemJson } from './context/types.js';

/**
 * Adds another domain's data to an item page's JSON (comments, likes and share links: the
 * comments domain). Registered at startup under the domain's name, like `block-props.ts`'s
 * loaders (a later app in the same process replaces it), so rendering does not import the
 * domains; none registered, the page renders without them.
 */
export type ItemExtrasLoader = (args: {
  db: Db;
  site: Site;
  item: ItemJson;
  collectionKind: string;
}) => Promise<void>;

export const itemExtrasLoaders: Record<string, ItemExtrasLoader> = {};

/** The same for the product cards of a shop list page (reviews' stars under the price). */
export type ListExtrasLoader = (args: { db: Db; site: Site; items: ItemJson[] }) => Promise<void>;

export const listExtrasLoaders: Record<string, ListExtrasLoader> = {};

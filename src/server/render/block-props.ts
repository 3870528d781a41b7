import type { Db } from '../db/database.js';
import type { Site } from '../sites/site-queries.js';

/** Where a block sits, for the props a block island needs (e.g. the forms' page context). */
export interface BlockPage {
  collectionId: string;
  path: string;
  title: string;
}

/**
 * Loads the island props of a page block (`form-block`, `newsletter-block`), or null when the
 * block cannot be shown (unknown form). Another domain owns each block's data, so it registers
 * its loader here at startup, as `seed/domain-demos.ts` does for seeders; a block type without a
 * loader renders the theme's plain container (`data-form-id`).
 */
export type BlockPropsLoader = (args: {
  db: Db;
  site: Site;
  /** The block: `type` 'form' or 'newsletter', `data.formId` the form it shows. */
  block: { type: 'form' | 'newsletter'; data: { formId: string } };
  page: BlockPage;
}) => Promise<object | null>;

export const blockPropsLoaders: Partial<Record<'form' | 'newsletter', BlockPropsLoader>> = {};

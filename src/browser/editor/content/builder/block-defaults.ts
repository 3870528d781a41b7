/**
 * A new block starts pointing at something that exists, when the site has one: the first form
 * of its kind, the first shop or blog page, the first product. A block the server would refuse
 * (no form chosen) stops autosave until the owner chooses, so starting filled saves a step.
 */
import { BlockCode, type ContentBlock } from '../../../../shared/content/blocks.js';
import { known } from './site-lists.js';

export function withDefaults(block: ContentBlock): ContentBlock {
  switch (block.type) {
    case BlockCode.FORM:
    case BlockCode.NEWSLETTER: {
      const kind = block.type === BlockCode.FORM ? 'form' : 'newsletter';
      const form = known.forms?.find((f) => f.kind === kind);
      return form ? { ...block, formId: form.id } : block;
    }
    case BlockCode.PRODUCT:
      return known.firstProductId ? { ...block, itemId: known.firstProductId } : block;
    case BlockCode.PRODUCT_LIST:
    case BlockCode.SUMMARY: {
      const kinds = block.type === BlockCode.PRODUCT_LIST ? ['products'] : ['blog', 'events'];
      const page = known.pages?.pages.find((p) => kinds.includes(p.kind));
      return page ? { ...block, collectionId: page.id } : block;
    }
    default:
      return block;
  }
}

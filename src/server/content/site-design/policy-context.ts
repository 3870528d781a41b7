import { PageType } from '../../../shared/enums.js';
import {
  POLICY_KINDS,
  policyTitles,
  type PolicyKind,
} from '../../../shared/content/validate-settings.js';
import type { PageRequest } from '../../render/context/context-deps.js';
import { baseContext } from '../../render/context/site-context.js';
import type { PageContext } from '../../render/context/types.js';

/** The theme template of a policy page. */
export const POLICY_TEMPLATE = 'pages/policy.page';

/**
 * `/policies/shipping|returns|privacy`: the store's written policy (Settings screen; HTML
 * cleaned to the rich-text allow-list when saved) in the theme's layout. An unwritten policy
 * is no page (undefined: the 404 page).
 */
export function buildPolicyContext(req: PageRequest, kind: string): PageContext | undefined {
  if (!(POLICY_KINDS as readonly string[]).includes(kind)) return undefined;
  const html = req.base.site.settings.policies?.[kind as PolicyKind];
  if (!html) return undefined;
  const title = policyTitles(req.base.site.language)[kind as PolicyKind];
  const ctx = baseContext(req.base, {
    pageType: PageType.PAGE,
    templateFile: POLICY_TEMPLATE,
    title,
  });
  return { ...ctx, policy: { kind, title, html } };
}

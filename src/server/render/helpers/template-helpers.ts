import type { FormatterMap, PredicateMap } from '@squarespace/template-engine';
import { ColorFormatter, LightColorPredicate } from './color-helpers.js';
import { FontFacesFormatter, FontUrlFormatter } from './font-helpers.js';
import { ImageComponentFormatter } from './image-component-formatter.js';
import { MessageFormatter } from './message-formatter.js';
import { SiteMoneyFormatter } from './money-formatter.js';
import { TimeAgoFormatter } from './time-ago-formatter.js';

/**
 * The template helpers for theme authors (issue 16; docs/templates.md), registered after the
 * engine's built-ins and ours: `message` replaces the engine's (same arguments, ICU syntax with
 * the SPEC 5.7 checks) and `site-money` gains the free-if-zero option.
 */
export const templateHelperFormatters: FormatterMap = {
  'image-component': new ImageComponentFormatter(),
  message: new MessageFormatter(),
  'site-money': new SiteMoneyFormatter(),
  color: new ColorFormatter(),
  'time-ago': new TimeAgoFormatter(),
  'font-faces': new FontFacesFormatter(),
  'font-url': new FontUrlFormatter(),
};

export const templateHelperPredicates: PredicateMap = {
  'light-color?': new LightColorPredicate(),
};

/**
 * The stars' fill as a percentage of five (the CSS width of the filled row). Its own module so
 * the product page's reviews island carries no form rules.
 */
export function starPercent(average: number): number {
  return Math.max(0, Math.min(100, Math.round((average / 5) * 1000) / 10));
}

/**
 * SPEC 5.7: money display with a free-if-zero option, which needs its free label. Pure: the
 * `site-money` template formatter applies it before formatting the amount.
 */
import { OwnerMessages } from '../owner-messages.js';

export interface MoneyDisplayOptions {
  freeIfZero: boolean;
  freeLabel?: string;
}

/**
 * The label to show instead of the amount ('Free' for a zero amount with free-if-zero on), none
 * to show the amount, or SPEC 5.7's error when free-if-zero is on without a label.
 */
export function freeLabelFor(
  minor: number,
  opts: MoneyDisplayOptions,
): { ok: true; label?: string } | { ok: false; error: string } {
  if (!opts.freeIfZero) return { ok: true };
  const label = opts.freeLabel?.trim();
  if (!label) return { ok: false, error: OwnerMessages.MONEY_FREE_LABEL_REQUIRED };
  return minor === 0 ? { ok: true, label } : { ok: true };
}

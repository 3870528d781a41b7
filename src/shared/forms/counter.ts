/**
 * The character counter under textareas with a max length (SPEC 2.2): 'n / max', error style
 * when over. Absent (null) when max is 0 or not a positive whole number.
 */
export interface CharacterCounter {
  text: string;
  over: boolean;
}

export function parseMaxLength(max: unknown): number | undefined {
  const n = typeof max === 'string' && max.trim() !== '' ? Number(max) : max;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

export function characterCounter(length: number, max: unknown): CharacterCounter | null {
  const limit = parseMaxLength(max);
  if (limit === undefined) return null;
  return { text: `${length} / ${limit}`, over: length > limit };
}

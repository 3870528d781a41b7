import type { FieldType } from './types.js';

/** Sub-parts of the multi-part fields, in value order (SPEC 3.6). */
export const FIELD_PARTS = {
  address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
  date: ['Month', 'Day', 'Year'],
  name: ['First', 'Last'],
  phone: ['Country', 'Areacode', 'Prefix', 'Line'],
  time: ['Hour', 'Minute', 'Second', 'Ampm'],
} as const;

export type MultiPartType = keyof typeof FIELD_PARTS;

/** Labels shown under each sub-input. */
export const PART_LABELS: Record<string, string> = {
  Line1: 'Address 1',
  Line2: 'Address 2',
  City: 'City',
  State: 'State',
  Zip: 'ZIP Code',
  Country: 'Country',
  Month: 'MM',
  Day: 'DD',
  Year: 'YYYY',
  First: 'First Name',
  Last: 'Last Name',
  Areacode: '###',
  Prefix: '###',
  Line: '####',
  Hour: 'HH',
  Minute: 'MM',
  Second: 'SS',
  Ampm: 'AM/PM',
};

export function isMultiPart(type: FieldType): type is MultiPartType {
  return Object.hasOwn(FIELD_PARTS, type);
}

/** The sub-parts a field renders: phone without a country code renders 3. */
export function renderedParts(type: MultiPartType, showCountryCode = false): readonly string[] {
  const parts = FIELD_PARTS[type];
  return type === 'phone' && !showCountryCode ? parts.slice(1) : parts;
}

/** SPEC 3.6 likert scale: value → label. */
export const LIKERT_SCALE = [
  { value: '-2', label: 'Strongly Disagree' },
  { value: '-1', label: 'Disagree' },
  { value: '0', label: 'Neutral' },
  { value: '1', label: 'Agree' },
  { value: '2', label: 'Strongly Agree' },
] as const;

export const LIKERT_VALUES: readonly string[] = LIKERT_SCALE.map((s) => s.value);

import { FIELD_TYPES, type FieldType, type FormFieldDef } from './types.js';

/**
 * A field definition as stored or authored, made safe to render: 'single-line' and unknown
 * types become 'text' (SPEC 3.6: single-line is the default), lists are lists of strings.
 */
export function normalizeField(
  input: Omit<Partial<FormFieldDef>, 'type'> & { type?: string },
): FormFieldDef {
  const type: FieldType = (FIELD_TYPES as readonly string[]).includes(input.type ?? '')
    ? (input.type as FieldType)
    : 'text';
  const field: FormFieldDef = {
    id: String(input.id ?? ''),
    type,
    label: String(input.label ?? ''),
  };
  if (input.required) field.required = true;
  if (typeof input.maxLength === 'number' && input.maxLength > 0) field.maxLength = input.maxLength;
  if (Array.isArray(input.options)) field.options = input.options.map(String);
  if (Array.isArray(input.questions)) field.questions = input.questions.map(String);
  if (typeof input.placeholder === 'string') field.placeholder = input.placeholder;
  if (typeof input.description === 'string') field.description = input.description;
  if (typeof input.value === 'string') field.value = input.value;
  if (typeof input.name === 'string') field.name = input.name;
  if (input.showCountryCode) field.showCountryCode = true;
  return field;
}

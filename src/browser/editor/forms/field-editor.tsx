import { useState, type DragEvent } from 'react';
import type { BuilderErrors } from '../../../shared/forms/builder-rules.js';
import { fieldIdFor } from '../../../shared/forms/builder-rules.js';
import { BUILDER_FIELD_TYPES, CHOICE_TYPES } from '../../../shared/forms/owner-api.js';
import type { FormFieldDef } from '../../../shared/forms/types.js';
import { moved } from './api.js';

const TYPE_LABEL: Record<string, string> = Object.fromEntries(
  BUILDER_FIELD_TYPES.map((t) => [t.type, t.label]),
);
const TEXT_TYPES = ['text', 'textarea', 'email'];

/** A new field of a type, with a label and an id unique in the form. */
export function newField(type: FormFieldDef['type'], fields: FormFieldDef[]): FormFieldDef {
  const label = TYPE_LABEL[type] ?? 'Field';
  const id = fieldIdFor(label, new Set(fields.map((f) => f.id)));
  const f: FormFieldDef = { id, type, label };
  if (CHOICE_TYPES.includes(type)) f.options = ['Option 1', 'Option 2'];
  if (type === 'likert') f.questions = ['How did we do?'];
  return f;
}

function Err({ errors, path }: { errors: BuilderErrors; path: string }) {
  return errors[path] ? (
    <span className="ed-inline-error ed-small" id={`err-${path}`}>
      {errors[path]}
    </span>
  ) : null;
}

/** Lines of a textarea as a list (options, likert statements). */
const lines = (text: string) => text.split('\n');

/**
 * The fields of a form: reorder by dragging or with the up/down buttons (keyboard), open one to
 * edit its label, required flag, options and the rest, or remove it. Errors are the builder
 * rules' paths (`fields.2.label`); a field with one opens by itself.
 */
export function FieldList({
  fields,
  errors,
  onChange,
}: {
  fields: FormFieldDef[];
  errors: BuilderErrors;
  onChange: (fields: FormFieldDef[]) => void;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [addType, setAddType] = useState<FormFieldDef['type']>('text');

  const patch = (i: number, p: Partial<FormFieldDef>) =>
    onChange(fields.map((f, j) => (j === i ? { ...f, ...p } : f)));
  const move = (i: number, to: number) => {
    if (to < 0 || to >= fields.length) return;
    onChange(moved(fields, i, to));
    // Keep keyboard focus on the same button of the moved field.
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(
          `[data-field="${fields[i]!.id}"] .fm-move-${to < i ? 'up' : 'down'}`,
        )
        ?.focus(),
    );
  };
  const drop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragFrom !== null && dragFrom !== to) onChange(moved(fields, dragFrom, to));
    setDragFrom(null);
  };

  return (
    <>
      {errors.fields && <p className="ed-inline-error">Add at least one field.</p>}
      <ol className="fm-fields">
        {fields.map((f, i) => {
          const at = `fields.${i}`;
          const hasError = Object.keys(errors).some((k) => k.startsWith(`${at}.`));
          const isOpen = open === f.id || hasError;
          return (
            <li
              key={f.id}
              data-field={f.id}
              className={`fm-field${dragFrom === i ? ' fm-dragging' : ''}${hasError ? ' fm-field-error' : ''}`}
              draggable
              onDragStart={(e) => {
                setDragFrom(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', f.id);
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => drop(e, i)}
              onDragEnd={() => setDragFrom(null)}
            >
              <div className="fm-field-head">
                <span className="fm-grip" aria-hidden="true">
                  ⠿
                </span>
                <span className="fm-field-title">
                  <strong>{f.label || '(no label)'}</strong>
                  <span className="ed-muted ed-small">
                    {TYPE_LABEL[f.type] ?? f.type}
                    {f.required ? ' · Required' : ''}
                  </span>
                </span>
                <span className="fm-field-actions">
                  <button
                    type="button"
                    className="ed-button fm-icon fm-move-up"
                    aria-label={`Move ${f.label || 'field'} up`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="ed-button fm-icon fm-move-down"
                    aria-label={`Move ${f.label || 'field'} down`}
                    disabled={i === fields.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="ed-button"
                    aria-expanded={isOpen}
                    aria-controls={`fm-edit-${f.id}`}
                    onClick={() => setOpen(isOpen ? null : f.id)}
                  >
                    {isOpen ? 'Done' : 'Edit'}
                  </button>
                  <button
                    type="button"
                    className="ed-button ed-button-danger"
                    aria-label={`Remove ${f.label || 'field'}`}
                    onClick={() => onChange(fields.filter((_, j) => j !== i))}
                  >
                    Remove
                  </button>
                </span>
              </div>
              {isOpen && (
                <div className="fm-field-edit" id={`fm-edit-${f.id}`}>
                  <label className="ed-labelled">
                    <span>Label</span>
                    <input
                      className="ed-input"
                      value={f.label}
                      aria-invalid={errors[`${at}.label`] ? true : undefined}
                      onChange={(e) => patch(i, { label: e.target.value })}
                    />
                    <Err errors={errors} path={`${at}.label`} />
                  </label>
                  {f.type !== 'section' && f.type !== 'hidden' && (
                    <label className="ed-radio">
                      <input
                        type="checkbox"
                        checked={f.required === true}
                        onChange={(e) => patch(i, { required: e.target.checked })}
                      />
                      Required
                    </label>
                  )}
                  {TEXT_TYPES.includes(f.type) && (
                    <>
                      <label className="ed-labelled">
                        <span>Placeholder</span>
                        <input
                          className="ed-input"
                          value={f.placeholder ?? ''}
                          onChange={(e) => patch(i, { placeholder: e.target.value })}
                        />
                      </label>
                      <label className="ed-labelled">
                        <span>Character limit (0 for none)</span>
                        <input
                          className="ed-input"
                          type="number"
                          min={0}
                          max={10000}
                          value={f.maxLength ?? 0}
                          onChange={(e) => patch(i, { maxLength: Number(e.target.value) || 0 })}
                        />
                      </label>
                    </>
                  )}
                  {CHOICE_TYPES.includes(f.type) && (
                    <label className="ed-labelled">
                      <span>Options (one per line)</span>
                      <textarea
                        className="ed-input"
                        rows={4}
                        value={(f.options ?? []).join('\n')}
                        aria-invalid={errors[`${at}.options`] ? true : undefined}
                        onChange={(e) => patch(i, { options: lines(e.target.value) })}
                      />
                      <Err errors={errors} path={`${at}.options`} />
                    </label>
                  )}
                  {f.type === 'likert' && (
                    <label className="ed-labelled">
                      <span>Statements (one per line)</span>
                      <textarea
                        className="ed-input"
                        rows={3}
                        value={(f.questions ?? []).join('\n')}
                        aria-invalid={errors[`${at}.questions`] ? true : undefined}
                        onChange={(e) => patch(i, { questions: lines(e.target.value) })}
                      />
                      <Err errors={errors} path={`${at}.questions`} />
                    </label>
                  )}
                  {f.type === 'phone' && (
                    <label className="ed-radio">
                      <input
                        type="checkbox"
                        checked={f.showCountryCode === true}
                        onChange={(e) => patch(i, { showCountryCode: e.target.checked })}
                      />
                      Ask for the country code
                    </label>
                  )}
                  {f.type === 'hidden' && (
                    <>
                      <label className="ed-labelled">
                        <span>Query parameter</span>
                        <input
                          className="ed-input"
                          value={f.name ?? ''}
                          placeholder={f.id}
                          onChange={(e) => patch(i, { name: e.target.value })}
                        />
                      </label>
                      <label className="ed-labelled">
                        <span>Value when the page has none</span>
                        <input
                          className="ed-input"
                          value={f.value ?? ''}
                          onChange={(e) => patch(i, { value: e.target.value })}
                        />
                      </label>
                    </>
                  )}
                  {f.type !== 'hidden' && (
                    <label className="ed-labelled fm-wide">
                      <span>Description</span>
                      <input
                        className="ed-input"
                        value={f.description ?? ''}
                        onChange={(e) => patch(i, { description: e.target.value })}
                      />
                    </label>
                  )}
                  <p className="ed-muted ed-small fm-wide">
                    Answer key: <code>{f.id}</code>
                    <Err errors={errors} path={`${at}.id`} />
                    <Err errors={errors} path={`${at}.type`} />
                  </p>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div className="fm-add">
        <label className="ed-labelled">
          <span>Field type</span>
          <select
            className="ed-input"
            value={addType}
            onChange={(e) => setAddType(e.target.value as FormFieldDef['type'])}
          >
            {BUILDER_FIELD_TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="ed-button"
          onClick={() => {
            const f = newField(addType, fields);
            onChange([...fields, f]);
            setOpen(f.id);
          }}
        >
          Add field
        </button>
      </div>
    </>
  );
}

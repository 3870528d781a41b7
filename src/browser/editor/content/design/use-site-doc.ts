import { useState } from 'react';
import type { FieldErrors } from '../../../../shared/content/validate-styles.js';
import { ApiError } from '../../../lib/api-error.js';
import { editorFetch } from '../../editor-fetch.js';
import { actionFailureText } from '../../messages.js';

export type SaveResult =
  { kind: 'saved' } | { kind: 'conflict'; text: string } | { kind: 'error'; text: string } | null;

/**
 * The Design and Settings screens' editing state: the saved document and its version, the
 * owner's draft, Save (PUT with the version; 409 → a conflict to reload, 400 → errors beside
 * the fields) and Discard. `dirty` is true while the draft differs from what is saved.
 */
export function useSiteDoc<T>(opts: {
  url: string;
  initial: T;
  version: number;
  /** The PUT body's key (`styles`, `settings`). */
  key: string;
  /** Answer → the saved document and its version. */
  read: (answer: unknown) => { doc: T; version: number };
  /** The shared check: errors stop the save before it is sent. */
  check: (draft: T) => FieldErrors;
}) {
  const [saved, setSaved] = useState({ doc: opts.initial, version: opts.version });
  const [draft, setDraft] = useState<T>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<SaveResult>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved.doc);

  const update = (next: T | ((d: T) => T)) => {
    setDraft(next);
    setResult(null);
  };

  const save = async () => {
    const local = opts.check(draft);
    setErrors(local);
    if (Object.keys(local).length) {
      setResult({ kind: 'error', text: 'Please fix the fields marked below.' });
      return;
    }
    setSaving(true);
    try {
      const answer = await editorFetch<unknown>(opts.url, {
        method: 'PUT',
        json: { [opts.key]: draft, version: saved.version },
      });
      const next = opts.read(answer);
      setSaved(next);
      setDraft(next.doc);
      setResult({ kind: 'saved' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setResult({ kind: 'conflict', text: err.message });
      } else {
        const fe = (err as { body?: { error?: { fieldErrors?: FieldErrors } } }).body?.error
          ?.fieldErrors;
        if (fe) setErrors(fe);
        setResult({ kind: 'error', text: actionFailureText(err) });
      }
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    setDraft(saved.doc);
    setErrors({});
    setResult(null);
  };

  return { saved, draft, update, errors, setErrors, saving, result, dirty, save, discard };
}

/**
 * CodeMirror 6 for developer mode. Only the developer screen imports this module, and only with
 * `import()`, so CodeMirror is a chunk of its own that no other screen loads.
 */
import { EditorState, type Extension } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  HighlightStyle,
  bracketMatching,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { css } from '@codemirror/lang-css';
import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { unifiedMergeView } from '@codemirror/merge';
import type { ThemeErrorJson, ThemeFileKind } from '../../../shared/developer/api.js';
import { jsontLanguage } from './jsont-language.js';

const highlight = HighlightStyle.define([
  { tag: t.keyword, color: '#8a2b9c', fontWeight: '600' },
  { tag: t.brace, color: '#8a2b9c' },
  { tag: t.function(t.variableName), color: '#0b6a6a' },
  { tag: t.operator, color: '#6b6f76' },
  { tag: t.variableName, color: '#1f5f8b' },
  { tag: t.special(t.variableName), color: '#a05a00' },
  { tag: t.string, color: '#0c7a43' },
  { tag: t.number, color: '#a05a00' },
  { tag: t.comment, color: '#6b6f76', fontStyle: 'italic' },
  { tag: t.tagName, color: '#b0322a' },
  { tag: t.attributeName, color: '#8a5a00' },
  { tag: t.attributeValue, color: '#0c7a43' },
  { tag: [t.propertyName, t.className], color: '#1f5f8b' },
  { tag: [t.atom, t.bool, t.unit], color: '#a05a00' },
]);

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13.5px', backgroundColor: '#fff' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    lineHeight: '1.55',
  },
  '.cm-gutters': { backgroundColor: '#f6f5f2', borderRight: '1px solid #dedbd4', color: '#6b6f76' },
  '.cm-activeLine': { backgroundColor: '#f4f8fb' },
  '.cm-activeLineGutter': { backgroundColor: '#e8eff5' },
  '&.cm-focused': { outline: 'none' },
});

function languageOf(kind: ThemeFileKind): Extension {
  if (kind === 'css') return css();
  if (kind === 'settings') return json();
  return jsontLanguage;
}

const base = (kind: ThemeFileKind): Extension[] => [
  lineNumbers(),
  highlightActiveLineGutter(),
  history(),
  drawSelection(),
  indentOnInput(),
  bracketMatching(),
  highlightActiveLine(),
  syntaxHighlighting(highlight),
  languageOf(kind),
  theme,
  EditorView.lineWrapping,
];

export interface CodeEditor {
  view: EditorView;
  setErrors(errors: ThemeErrorJson[]): void;
  destroy(): void;
}

/** One file's editor; `onChange` gets the whole text after each edit. */
export function createCodeEditor(opts: {
  parent: HTMLElement;
  doc: string;
  kind: ThemeFileKind;
  label: string;
  onChange: (text: string) => void;
  onSave: () => void;
}): CodeEditor {
  const view = new EditorView({
    parent: opts.parent,
    state: EditorState.create({
      doc: opts.doc,
      extensions: [
        ...base(opts.kind),
        lintGutter(),
        keymap.of([
          {
            key: 'Mod-s',
            preventDefault: true,
            run: () => {
              opts.onSave();
              return true;
            },
          },
          indentWithTab,
          ...defaultKeymap,
          ...historyKeymap,
        ]),
        EditorView.contentAttributes.of({ 'aria-label': opts.label }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) opts.onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    view,
    // Each error marks its whole line (the engine knows lines, not columns).
    setErrors(errors) {
      const doc = view.state.doc;
      const diagnostics: Diagnostic[] = errors.map((e) => {
        const line = doc.line(Math.min(Math.max(e.line ?? 1, 1), doc.lines));
        return { from: line.from, to: line.to, severity: 'error', message: e.message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    destroy: () => view.destroy(),
  };
}

/**
 * A version's change as one read-only document: the new text, with removed lines shown above
 * what replaced them (a unified diff reads well in a narrow column and on phones).
 */
export function createDiffView(opts: {
  parent: HTMLElement;
  before: string;
  after: string;
  kind: ThemeFileKind;
}): { destroy(): void } {
  const view = new EditorView({
    parent: opts.parent,
    state: EditorState.create({
      doc: opts.after,
      extensions: [
        ...base(opts.kind),
        EditorState.readOnly.of(true),
        EditorView.editable.of(false),
        unifiedMergeView({
          original: opts.before,
          mergeControls: false,
          collapseUnchanged: { margin: 3, minSize: 6 },
        }),
      ],
    }),
  });
  return { destroy: () => view.destroy() };
}

/**
 * The description editor: TipTap (ProseMirror) mounted on a div, no React bindings (the editor
 * runs on preact/compat). Loaded as its own chunk when a product opens, so /config's first load
 * does not carry it (docs/decisions.md).
 */
import { Editor } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useReducer, useRef, useState } from 'react';
import { linkError } from '../../../shared/content/links.js';

/** TipTap's empty document; stored as ''. */
const EMPTY = '<p></p>';

export function RichTextEditor({
  value,
  onChange,
  labelId,
  describedBy,
  revision,
  headingLevels = [2, 3],
}: {
  value: string;
  /** Headings the document may hold; others become paragraphs (the page builder keeps h1). */
  headingLevels?: (1 | 2 | 3)[];
  /** Changed by the form when it replaces the value (Discard, after a save). */
  revision: number;
  onChange: (html: string) => void;
  labelId: string;
  describedBy?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | null>(null);
  const valueRef = useRef(value);
  valueRef.current = value;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [linking, setLinking] = useState<string | null>(null);
  /** SPEC 5.7's text for the link being typed ('{val} is not a valid page URL'). */
  const [linkProblem, setLinkProblem] = useState<string | undefined>();
  const linkInput = useRef<HTMLInputElement>(null);
  const linkOpen = linking !== null;
  useEffect(() => {
    if (linkOpen) linkInput.current?.focus();
  }, [linkOpen]);

  useEffect(() => {
    const e = new Editor({
      element: host.current!,
      content: value,
      extensions: [
        StarterKit.configure({ heading: { levels: headingLevels }, link: false }),
        Link.configure({
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          // TipTap's default opens every link in a new tab; '/shop' should not.
          HTMLAttributes: { target: null, rel: null },
        }),
      ],
      editorProps: {
        attributes: {
          class: 'ed-rte-content',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
      onUpdate: ({ editor: ed }) => {
        const html = ed.isEmpty ? '' : ed.getHTML();
        onChangeRef.current(html);
      },
      onTransaction: () => rerender(),
    });
    editor.current = e;
    // The toolbar was drawn before the editor existed: draw it again, enabled.
    rerender();
    return () => {
      e.destroy();
      editor.current = null;
    };
    // The editor is made once; later values arrive through the effect below.
  }, []);

  // A value from outside (Discard, the saved answer) comes with a new `revision`: replace the
  // document without reporting a change. Plain value changes are our own echoes, and lag behind
  // fast typing (renders are batched): writing them back would drop the keys typed since.
  useEffect(() => {
    const e = editor.current;
    const v = valueRef.current;
    if (!e || v === (e.isEmpty ? '' : e.getHTML())) return;
    e.commands.setContent(v || EMPTY, { emitUpdate: false });
  }, [revision]);

  const e = editor.current;
  const chain = () => e!.chain().focus();
  const btn = (label: string, text: string, active: boolean, run: () => void, can = true) => (
    <button
      type="button"
      className="ed-rte-button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={!e || !can}
      onMouseDown={(ev) => ev.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );

  const applyLink = () => {
    if (!e || linking === null) return;
    const href = linking.trim();
    const problem = linkError(href);
    setLinkProblem(problem);
    if (problem) {
      linkInput.current?.focus();
      return;
    }
    if (!href) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href }).run();
    setLinking(null);
  };

  return (
    <div className="ed-rte">
      <div className="ed-rte-toolbar" role="toolbar" aria-label="Formatting">
        {btn('Bold', 'B', !!e?.isActive('bold'), () => chain().toggleBold().run())}
        {btn('Italic', 'I', !!e?.isActive('italic'), () => chain().toggleItalic().run())}
        {btn('Heading', 'H2', !!e?.isActive('heading', { level: 2 }), () =>
          chain().toggleHeading({ level: 2 }).run(),
        )}
        {btn('Subheading', 'H3', !!e?.isActive('heading', { level: 3 }), () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        {btn('Bulleted list', '• List', !!e?.isActive('bulletList'), () =>
          chain().toggleBulletList().run(),
        )}
        {btn('Numbered list', '1. List', !!e?.isActive('orderedList'), () =>
          chain().toggleOrderedList().run(),
        )}
        {btn('Link', 'Link', !!e?.isActive('link'), () =>
          setLinking((e?.getAttributes('link').href as string | undefined) ?? 'https://'),
        )}
        {btn('Undo', '↶', false, () => chain().undo().run(), !!e?.can().undo())}
        {btn('Redo', '↷', false, () => chain().redo().run(), !!e?.can().redo())}
      </div>
      {linking !== null && (
        <div className="ed-rte-link">
          <label>
            <span>Link address</span>
            <input
              className="ed-input"
              type="text"
              inputMode="url"
              ref={linkInput}
              value={linking}
              aria-invalid={linkProblem ? true : undefined}
              aria-describedby={linkProblem ? 'rte-link-error' : undefined}
              onChange={(ev) => {
                setLinking(ev.target.value);
                setLinkProblem(undefined);
              }}
              onKeyDown={(ev) => {
                if (ev.key === 'Enter') {
                  ev.preventDefault();
                  applyLink();
                }
                if (ev.key === 'Escape') {
                  ev.preventDefault();
                  ev.stopPropagation();
                  setLinking(null);
                  e?.commands.focus();
                }
              }}
            />
          </label>
          <button type="button" className="ed-button" onClick={applyLink}>
            {linking.trim() ? 'Apply' : 'Remove link'}
          </button>
          {linkProblem && (
            <span className="ed-inline-error ed-field-error" id="rte-link-error" role="alert">
              {linkProblem}
            </span>
          )}
          <button
            type="button"
            className="ed-button ed-button-quiet"
            onClick={() => setLinking(null)}
          >
            Cancel
          </button>
        </div>
      )}
      <div ref={host} className="ed-rte-host" />
    </div>
  );
}

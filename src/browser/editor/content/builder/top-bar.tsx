/**
 * The builder's top bar: back to Pages, the page title, the save state, undo/redo, the preview
 * width, and Publish (showing whether there are unpublished changes). A save that cannot go on
 * (someone else saved, the page is locked, a field is wrong) shows here with what to do.
 */
import type { ReactNode } from 'react';
import type { PageDraft } from './use-page-draft.js';

export type Device = 'desktop' | 'phone';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl+';

function Icon({ d }: { d: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export function BuilderTopBar({
  draft,
  device,
  onDevice,
  canEdit,
  canPublish,
  errorCount,
  onUndo,
  onRedo,
  onReload,
  extra,
}: {
  draft: PageDraft;
  device: Device;
  onDevice: (d: Device) => void;
  canEdit: boolean;
  canPublish: boolean;
  errorCount: number;
  onUndo: () => void;
  onRedo: () => void;
  onReload: () => void;
  /** More tools (versions) from the screen. */
  extra?: ReactNode;
}) {
  const { page, saveState, problem, publishing } = draft;
  const unpublished =
    page.hasUnpublishedChanges || saveState !== 'saved' || page.status !== 'published';
  let status: string;
  if (!canEdit) status = 'View only';
  else if (saveState === 'saving') status = 'Saving…';
  else if (saveState === 'saved') status = 'Saved';
  else if (errorCount > 0) status = 'Not saved: check the highlighted fields';
  else status = 'Unsaved changes';

  return (
    <header className="bd-top">
      <a className="bd-top-back" href="#/pages" aria-label="Back to Pages">
        <Icon d="M15 18l-6-6 6-6" />
        <span className="bd-hide-phone">Pages</span>
      </a>
      <div className="bd-top-title">
        <h1 tabIndex={-1}>{page.title}</h1>
        <span
          className={`bd-save bd-save-${saveState}${errorCount && saveState === 'unsaved' ? ' bd-save-bad' : ''}`}
          role="status"
          aria-live="polite"
        >
          {status}
        </span>
      </div>
      <div className="bd-top-tools">
        <button
          type="button"
          className="bd-tool-button"
          aria-label="Undo"
          title={`Undo (${MOD}Z)`}
          disabled={!draft.canUndo || !canEdit}
          onClick={onUndo}
        >
          <Icon d="M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />
        </button>
        <button
          type="button"
          className="bd-tool-button"
          aria-label="Redo"
          title={`Redo (${isMac ? '⇧⌘' : 'Ctrl+Shift+'}Z)`}
          disabled={!draft.canRedo || !canEdit}
          onClick={onRedo}
        >
          <Icon d="M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h3" />
        </button>
        <span className="bd-devices bd-hide-phone" role="group" aria-label="Preview width">
          <button
            type="button"
            className="bd-tool-button"
            aria-pressed={device === 'desktop'}
            aria-label="Desktop width"
            title="Desktop"
            onClick={() => onDevice('desktop')}
          >
            <Icon d="M3 4h18v12H3zM8 20h8M12 16v4" />
          </button>
          <button
            type="button"
            className="bd-tool-button"
            aria-pressed={device === 'phone'}
            aria-label="Phone width"
            title="Phone"
            onClick={() => onDevice('phone')}
          >
            <Icon d="M7 2h10v20H7zM11 18h2" />
          </button>
        </span>
        {extra}
        {page.url && (
          <a
            className="bd-tool-button bd-hide-phone"
            href={page.url}
            target="_blank"
            rel="noopener"
            aria-label="View the live page"
            title="View live page"
          >
            <Icon d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
          </a>
        )}
        {canPublish && (
          <button
            type="button"
            className={`ed-button bd-publish ${unpublished ? 'ed-button-primary' : 'bd-published'}`}
            disabled={publishing || !unpublished || errorCount > 0 || !canEdit}
            onClick={() => void draft.publish()}
          >
            {publishing ? 'Publishing…' : unpublished ? 'Publish' : '✓ Published'}
          </button>
        )}
      </div>
      {problem && (
        <div className={`bd-problem bd-problem-${problem.kind}`} role="alert">
          <span>
            {problem.kind === 'locked' && problem.holder
              ? `${problem.text} ${problem.holder} is editing it.`
              : problem.text}
          </span>
          {(problem.kind === 'conflict' || problem.kind === 'locked') && (
            <button type="button" className="ed-button" onClick={onReload}>
              Reload
            </button>
          )}
          {problem.kind === 'failed' && (
            <button type="button" className="ed-button" onClick={() => void draft.saveNow()}>
              Try again
            </button>
          )}
        </div>
      )}
    </header>
  );
}

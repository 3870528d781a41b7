import type { ThemeFileEntryJson } from '../../../shared/developer/api.js';

/** Folder → files, the root's own files first ('site.region', 'theme.json'). */
export function groupByFolder(files: ThemeFileEntryJson[]): [string, ThemeFileEntryJson[]][] {
  const groups = new Map<string, ThemeFileEntryJson[]>();
  for (const f of files) {
    const slash = f.path.lastIndexOf('/');
    const folder = slash < 0 ? '' : f.path.slice(0, slash);
    groups.set(folder, [...(groups.get(folder) ?? []), f]);
  }
  return [...groups].sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)));
}

const KIND_LABEL = { template: 'Template', partial: 'Block', css: 'CSS', settings: 'Settings' };

/** The theme's files by folder; the open one is marked (and whether it has unsaved changes). */
export function FileTree({
  files,
  current,
  dirty,
  onOpen,
}: {
  files: ThemeFileEntryJson[];
  current: string | undefined;
  dirty: boolean;
  onOpen: (path: string) => void;
}) {
  return (
    <nav className="dv-tree" aria-label="Theme files">
      {groupByFolder(files).map(([folder, list]) => (
        <div key={folder || '/'} className="dv-tree-group">
          <p className="dv-tree-folder">{folder ? `${folder}/` : 'Theme'}</p>
          <ul role="list">
            {list.map((f) => {
              const name = f.path.slice(f.path.lastIndexOf('/') + 1);
              const isCurrent = f.path === current;
              return (
                <li key={f.path}>
                  <button
                    type="button"
                    className="dv-tree-file"
                    aria-current={isCurrent ? 'true' : undefined}
                    title={`${KIND_LABEL[f.kind]} · ${f.path}`}
                    onClick={() => onOpen(f.path)}
                  >
                    <span className="dv-tree-name">{name}</span>
                    {isCurrent && dirty && (
                      <span className="dv-tree-dirty" aria-label="unsaved">
                        ●
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

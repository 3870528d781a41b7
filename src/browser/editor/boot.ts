/** What the server put in the page (`src/server/owners/config-home.ts`, `EditorBootJson`). */
export interface EditorBoot {
  siteId: string;
  siteTitle: string;
  email: string;
  displayName: string | null;
  roles: number[];
  /** The roles in words ('admin, store manager'), named by the server so the bundle needs no role table. */
  roleLabel: string;
}

/** Reads the boot JSON; a page without it (or with a broken one) gets empty values, not a crash. */
export function readBoot(doc: Document = document): EditorBoot {
  const empty: EditorBoot = {
    siteId: '',
    siteTitle: '',
    email: '',
    displayName: null,
    roles: [],
    roleLabel: '',
  };
  const el = doc.getElementById('editor-boot');
  if (!el?.textContent) return empty;
  try {
    const b = JSON.parse(el.textContent) as Partial<EditorBoot>;
    return {
      siteId: String(b.siteId ?? ''),
      siteTitle: String(b.siteTitle ?? ''),
      email: String(b.email ?? ''),
      displayName: b.displayName ? String(b.displayName) : null,
      roles: Array.isArray(b.roles) ? b.roles.filter((r) => typeof r === 'number') : [],
      roleLabel: String(b.roleLabel ?? ''),
    };
  } catch {
    return empty;
  }
}

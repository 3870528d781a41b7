import { galleryInput, type GalleryInput } from '../../../../shared/gallery/gallery-settings.js';
import { ApiError } from '../../../lib/api.js';
import type { ErrorCode } from '../../../../shared/errors.js';
import { PageLimits, type PageDoc, type PageInput } from '../../../../shared/content/page-api.js';
import {
  PageFieldTexts,
  RESERVED_SLUGS,
  SLUG_PATTERN,
  validatePageInput,
} from '../../../../shared/content/validate-page.js';
import { actionFailureText } from '../../messages.js';

// Typed against the registry, but a plain string: the editor's bundle leaves the registry out.
const SLUG_TAKEN: ErrorCode = 'SLUG_TAKEN';

export type FieldErrors = Record<string, string>;

/** The new-page dialog's slug check: the shared rules' texts (the server checks again). */
export function slugError(slug: string): string | null {
  if (!slug) return PageFieldTexts.SLUG_REQUIRED;
  if (slug.length > PageLimits.slugMax)
    return PageFieldTexts.TOO_LONG.replace('{max}', String(PageLimits.slugMax));
  if (!SLUG_PATTERN.test(slug)) return PageFieldTexts.SLUG_INVALID;
  if (RESERVED_SLUGS.includes(slug)) return PageFieldTexts.SLUG_RESERVED;
  return null;
}

/**
 * A refused save as field errors (`fieldErrors` of CONTENT_INVALID; SLUG_TAKEN belongs to the
 * slug field) plus the line to show above the form.
 */
export function saveFailure(err: unknown): { fields: FieldErrors; text: string } {
  const e = err instanceof ApiError ? err : null;
  const body = (e?.body ?? {}) as { error?: { fieldErrors?: FieldErrors } };
  const fields: FieldErrors = { ...(body.error?.fieldErrors ?? {}) };
  if (e?.code === SLUG_TAKEN) fields.slug = e.message;
  return {
    fields,
    text: Object.keys(fields).length
      ? 'Please fix the fields marked below.'
      : actionFailureText(err),
  };
}

/** The settings the Page settings dialog edits; the rest of the page (its sections) stays as loaded. */
export interface SettingsForm {
  title: string;
  slug: string;
  status: PageInput['status'];
  visible: boolean;
  seoTitle: string;
  seoDescription: string;
  seoImageId: string | null;
  folderBehavior: number;
  /** Galleries: their design settings (SPEC 3.7), whole, as the API stores them. */
  gallery: GalleryInput | null;
}

export function settingsOf(doc: PageDoc): SettingsForm {
  return {
    title: doc.title,
    slug: doc.slug,
    status: doc.status,
    visible: doc.navigation.visible,
    seoTitle: doc.seo.title,
    seoDescription: doc.seo.description,
    seoImageId: doc.seo.imageId,
    folderBehavior: doc.folderBehavior ?? 1,
    gallery: doc.kind === 'gallery' ? (doc.gallery ?? galleryInput({})) : null,
  };
}

/** The full PageInput for `PUT /api/content/pages/:id`: the loaded page with the settings applied. */
export function inputWith(doc: PageDoc, f: SettingsForm): PageInput {
  return {
    title: f.title.trim(),
    slug: f.slug,
    status: f.status,
    navigation: { ...doc.navigation, visible: f.visible },
    seo: { title: f.seoTitle.trim(), description: f.seoDescription.trim(), imageId: f.seoImageId },
    sections: doc.sections,
    folderBehavior: doc.kind === 'folder' ? f.folderBehavior : (doc.folderBehavior ?? null),
    ...(f.gallery ? { gallery: f.gallery } : {}),
  };
}

/** The shared page check (`validatePageInput`, the server's own) on the input the dialog would send. */
export function checkSettings(doc: PageDoc, f: SettingsForm, isHome: boolean): FieldErrors {
  const r = validatePageInput(inputWith(doc, f), { kind: doc.kind, isHome });
  return r.ok ? {} : r.fieldErrors;
}

/** A password the server will take (its own limits), or the reason it will not. */
export function passwordError(pw: string): string | null {
  if (pw.length < PageLimits.passwordMin)
    return `Use at least ${PageLimits.passwordMin} characters.`;
  if (pw.length > PageLimits.passwordMax)
    return `Use at most ${PageLimits.passwordMax} characters.`;
  return null;
}

import { Type } from '@sinclair/typebox';
import { SectionLimits as SL } from '../../../shared/content/blocks.js';
import {
  CREATABLE_PAGE_KINDS,
  PAGE_STATUSES,
  PageLimits as L,
} from '../../../shared/content/page-api.js';
import {
  ACTIVE_ALIGNMENTS,
  ASPECT_RATIOS,
  GALLERY_DESIGNS,
  GALLERY_FLAGS,
  GALLERY_NUMBERS,
  META_POSITIONS,
} from '../../../shared/gallery/gallery-settings.js';

/**
 * TypeBox schemas of the pages API (shared/content/page-api.ts is the contract). They bound sizes
 * and shapes, twice the real limits, so `validatePageInput` can answer each field with its text;
 * blocks are objects read field by field there.
 */
const Str = (max: number, min = 0) => Type.String({ maxLength: max, minLength: min });
const Id = Str(200, 1);
const Crumb = Type.Optional(Str(200));
/** Null first: the app's Ajv coerces types, and would turn null into '' for a string branch. */
const NullableId = Type.Union([Type.Null(), Id]);

export const IdParams = Type.Object({ id: Id });

const Section = Type.Object({
  id: Str(SL.idMax * 2),
  layout: Str(20),
  tone: Str(20),
  backgroundImageId: Type.Optional(Type.Union([Type.Null(), Str(200)])),
  blocks: Type.Array(Type.Object({}, { additionalProperties: true }), {
    maxItems: SL.blocksPerSectionMax * 2,
  }),
});

const OneOf = (list: readonly string[]) => Type.Union(list.map((v) => Type.Literal(v)));

/** SPEC 3.7 gallery settings; SPEC 9.2's ranges are the schema's, so out of range is a 400. */
const GallerySettings = Type.Object(
  {
    design: Type.Optional(OneOf(GALLERY_DESIGNS)),
    metaPosition: Type.Optional(OneOf(META_POSITIONS)),
    activeAlignment: Type.Optional(OneOf(ACTIVE_ALIGNMENTS)),
    aspectRatio: Type.Optional(OneOf(ASPECT_RATIOS)),
    lightboxTheme: Type.Optional(OneOf(['dark', 'light'])),
    ...Object.fromEntries(
      Object.entries(GALLERY_NUMBERS).map(([k, r]) => [
        k,
        Type.Optional(Type.Integer({ minimum: r.min, maximum: r.max })),
      ]),
    ),
    ...Object.fromEntries(
      Object.keys(GALLERY_FLAGS).map((k) => [k, Type.Optional(Type.Boolean())]),
    ),
  },
  { additionalProperties: false },
);

export const pageInputFields = {
  title: Str(L.titleMax * 2),
  slug: Str(L.slugMax * 2),
  status: Type.Union(PAGE_STATUSES.map((s) => Type.Literal(s))),
  navigation: Type.Object({
    visible: Type.Boolean(),
    parentId: NullableId,
    order: Type.Integer({ minimum: 0, maximum: 100_000 }),
  }),
  seo: Type.Object({
    title: Str(L.seoTitleMax * 2),
    description: Str(L.seoDescriptionMax * 2),
    imageId: NullableId,
  }),
  sections: Type.Array(Section, { maxItems: SL.sectionsMax * 2 }),
  folderBehavior: Type.Optional(
    Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 4 })]),
  ),
  gallery: Type.Optional(GallerySettings),
};

export const PageInputBody = Type.Object(pageInputFields);

export const SaveBody = Type.Object({
  ...pageInputFields,
  version: Type.Integer({ minimum: 0 }),
  publish: Type.Optional(Type.Boolean()),
  crumb: Crumb,
});

export const CreateBody = Type.Object({
  kind: Type.Union(CREATABLE_PAGE_KINDS.map((k) => Type.Literal(k))),
  title: Str(L.titleMax * 2),
  slug: Type.Optional(Str(L.slugMax * 2)),
  parentId: Type.Optional(NullableId),
  crumb: Crumb,
});

export const VersionBody = Type.Object({ version: Type.Integer({ minimum: 0 }), crumb: Crumb });

export const PasswordBody = Type.Object({
  password: Type.Union([Type.Null(), Str(L.passwordMax * 2)]),
  crumb: Crumb,
});

export const MembersOnlyBody = Type.Object({
  membersOnly: Type.Boolean(),
  crumb: Crumb,
});

export const NavigationBody = Type.Object({
  entries: Type.Array(
    Type.Object({
      id: Id,
      parentId: NullableId,
      order: Type.Integer({ minimum: 0, maximum: 100_000 }),
      visible: Type.Boolean(),
    }),
    { maxItems: L.pagesMax },
  ),
  crumb: Crumb,
});

export const PreviewBody = Type.Object({
  pageId: Id,
  page: PageInputBody,
  sectionId: Type.Optional(Str(SL.idMax * 2)),
  crumb: Crumb,
});

export const RedirectQuery = Type.Object({ from: Str(2000, 1) });

/** The lock screen's form (pages/lock.page): the page's path and the visitor's password. */
export const UnlockBody = Type.Object({
  path: Str(2000, 1),
  password: Str(L.passwordMax * 2),
  crumb: Crumb,
});

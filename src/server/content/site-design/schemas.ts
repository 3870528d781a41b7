import { Type } from '@sinclair/typebox';
import { SettingsLimits } from '../../../shared/content/validate-settings.js';
import { BUTTON_FILLS, BUTTON_SHAPES, SPACINGS } from '../../../shared/content/validate-styles.js';

/**
 * TypeBox schemas of `PUT /api/website/styles` and `/settings` (shared/content/site-api.ts is
 * the contract). They bound sizes and shapes; the checks with their texts (SPEC 5.7's colour
 * messages, link formats) are the shared validators', answered per field as CONTENT_INVALID.
 */
const Str = (max: number, min = 0) => Type.String({ maxLength: max, minLength: min });
const Crumb = Type.Optional(Str(200));
const Version = Type.Integer({ minimum: 0, maximum: 2_000_000_000 });
const Color = Str(60);
const oneOf = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((v) => Type.Literal(v)));
const AssetId = Type.Union([Str(200, 1), Type.Null()]);

export const StylesBody = Type.Object({
  crumb: Crumb,
  version: Version,
  styles: Type.Object({
    colors: Type.Object({
      background: Color,
      text: Color,
      accent: Color,
      accentText: Color,
      heading: Color,
    }),
    fonts: Type.Object({ heading: Str(60), body: Str(60) }),
    spacing: oneOf(SPACINGS),
    buttons: Type.Object({ shape: oneOf(BUTTON_SHAPES), fill: oneOf(BUTTON_FILLS) }),
    logoAssetId: AssetId,
    faviconAssetId: AssetId,
  }),
});

// Room over the limits so the validator, not the schema, answers a too-long field beside it.
const Policy = Str(SettingsLimits.policyMax * 2);

export const SettingsBody = Type.Object({
  crumb: Crumb,
  version: Version,
  settings: Type.Object({
    siteTitle: Str(SettingsLimits.titleMax * 4),
    description: Str(SettingsLimits.descriptionMax * 4),
    language: Str(40),
    currency: Str(10),
    timeZone: Str(80),
    commentsEnabled: Type.Boolean(),
    commentsRequireApproval: Type.Optional(Type.Boolean()),
    reviewsEnabled: Type.Optional(Type.Boolean()),
    reviewsAutoPublish: Type.Optional(Type.Boolean()),
    simpleLikingEnabled: Type.Boolean(),
    customerAccountsEnabled: Type.Optional(Type.Boolean()),
    shareButtonOptions: Type.Record(Str(40), Type.Boolean(), { maxProperties: 20 }),
    policies: Type.Object({ shipping: Policy, returns: Policy, privacy: Policy }),
    header: Type.Object({
      layout: oneOf(['left', 'center'] as const),
      showCart: Type.Boolean(),
      button: Type.Union([
        Type.Object({ label: Str(SettingsLimits.buttonLabelMax * 4), url: Str(2083) }),
        Type.Null(),
      ]),
    }),
  }),
});

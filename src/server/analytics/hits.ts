import { Type, type Static } from '@sinclair/typebox';
import type { ValidateFunction } from 'ajv';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';
import { deviceClassOf, isBot } from '../../shared/telemetry/device.js';
import { parseVisitorCookie } from '../../shared/telemetry/visitor-cookies.js';
import type { EventSchemaRegistry } from './event-schemas.js';
import { ajvErrors } from './event-schemas.js';
import type { HitRow } from './writers.js';
import { parseJsonClean } from '../../shared/clean-text.js';

/** PostgreSQL's int4, the columns these numbers are stored in. */
const INT4_MAX = 2_147_483_647;
const Small = Type.Integer({ minimum: -1, maximum: 100_000 });

const Str = (max: number) => Type.String({ maxLength: max });
const Id = Type.Union([Type.String({ maxLength: 64 }), Type.Null()]);
const Size = Type.Integer({ minimum: 0, maximum: 100_000 });

/** SPEC 3.12's first-hit fields, sent as the JSON `data` field of RecordHit. */
export const HitData = Type.Object(
  {
    userAgent: Type.Optional(Str(1000)),
    clientDate: Type.Optional(Type.Integer({ minimum: 0 })),
    viewportWidth: Type.Optional(Size),
    viewportHeight: Type.Optional(Size),
    screenWidth: Type.Optional(Size),
    screenHeight: Type.Optional(Size),
    websiteId: Type.Optional(Str(64)),
    templateId: Type.Optional(Str(64)),
    websiteLocale: Type.Optional(Str(35)),
    url: Str(2083),
    title: Type.Optional(Str(500)),
    itemId: Type.Optional(Id),
    recordType: Type.Optional(Type.Union([Small, Type.Null()])),
    collectionId: Type.Optional(Id),
    permissionType: Type.Optional(Small),
    pageType: Type.Optional(Small),
    referrer: Type.Optional(Str(2083)),
  },
  { additionalProperties: false },
);
export type HitData = Static<typeof HitData>;

export const RecordHitBody = Type.Object(
  {
    event: Type.String({ minLength: 1, maxLength: 50 }),
    data: Type.String({ maxLength: 16_384 }),
    ss_cvr: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type RecordHitBody = Static<typeof RecordHitBody>;

export class HitParser {
  private readonly validator: () => ValidateFunction;
  constructor(registry: EventSchemaRegistry) {
    this.validator = registry.compileOnUse(HitData);
  }

  /** A stored hit from a RecordHit body; 400 on malformed data. */
  rowOf(
    siteId: string,
    host: string | undefined,
    userAgent: string | undefined,
    body: RecordHitBody,
    at: number,
    /** Throws when the page's URL is not on the website (checked before anything is kept). */
    checkUrl?: (url: string) => void,
  ): HitRow {
    let data: unknown;
    try {
      data = parseJsonClean(body.data);
    } catch {
      throw appError(ErrorCode.VALIDATION, "'data' must be JSON.");
    }
    const validate = this.validator();
    if (!validate(data)) {
      throw appError(ErrorCode.EVENT_INVALID, undefined, {
        errors: ajvErrors(validate.errors),
      });
    }
    const hit = data as HitData;
    checkUrl?.(hit.url);
    const visitor = parseVisitorCookie(body.ss_cvr);
    return {
      siteId,
      visitorId: visitor?.id ?? null,
      visitNumber: Math.min(visitor?.visitCount ?? 0, INT4_MAX),
      path: pathOf(hit.url),
      referrer: externalReferrer(hit.referrer, host),
      deviceClass: deviceClassOf(userAgent, hit.viewportWidth),
      isBot: isBot(userAgent),
      event: body.event,
      pageType: hit.pageType ?? null,
      at,
    };
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x').pathname.slice(0, 1000);
  } catch {
    return '/';
  }
}

/** The referring host, or null for direct visits and links within the site itself. */
export function externalReferrer(
  referrer: string | undefined,
  host: string | undefined,
): string | null {
  if (!referrer) return null;
  try {
    const ref = new URL(referrer);
    if (!/^https?:$/.test(ref.protocol)) return null;
    const own = (host ?? '').toLowerCase();
    return ref.host.toLowerCase() === own ? null : ref.hostname.toLowerCase();
  } catch {
    return null;
  }
}

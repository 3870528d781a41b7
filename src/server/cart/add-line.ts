import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { FieldAnswer } from '../../shared/forms/values.js';
import type { CartSnapshot } from './cart-json.js';
import type { IdempotencyClaim } from './idempotency.js';
import type { AdditionalFields } from './tables.js';

/** One add as `cart_add_entry` takes it (see add-line-function.ts); every value already checked. */
export interface AddLineInput {
  siteId: string;
  /** The cart the visitor's cookie names (a new cart is made when it is not an open one here). */
  cartId: string | undefined;
  /** The id of the cart this add creates, if it creates one. */
  newCartId: string;
  now: Date;
  /** The id of the line, if this add starts one. */
  entryId: string;
  itemId: string;
  variantId: string;
  sku: string;
  quantity: number;
  /** The cleaned answers, or null. */
  additionalFields: AdditionalFields | null;
  /** The answers labelled by their fields, or null. */
  additionalFieldAnswers: FieldAnswer[] | null;
  additionalFieldsKey: string;
  unitPriceCents: number;
  title: string;
  attributes: Record<string, string>;
  productType: number;
  /** Most units of the variant the cart may hold after the add; null for no limit. */
  maxHeld: number | null;
  /** Most units on one line. */
  maxLine: number;
  currency: string;
  claim: IdempotencyClaim | undefined;
  /** Stored answers created after this are live (older ones may be taken over). */
  liveAfter: Date;
}

/** The add's answer from the database. */
export type AddLineOutcome =
  | { status: 'added'; cartId: string; snapshot: CartSnapshot }
  /** A live stored add under the key: the caller checks it is this visitor's and this body's. */
  | {
      status: 'replay';
      cartId: string;
      visitorHash: string;
      requestHash: string;
      response: unknown;
    }
  /** Over a limit; nothing was written. What the cart holds of the variant, and on the line. */
  | { status: 'rejected'; held: number; lineQuantity: number };

/**
 * Runs adds as one statement (one round trip, one implicit transaction), in the order given;
 * the outcomes come in the same order. Their input goes as one JSON parameter: see
 * add-line-function.ts for why.
 */
export async function addLines(db: Db, adds: readonly AddLineInput[]): Promise<AddLineOutcome[]> {
  const input = JSON.stringify(
    adds.map(({ claim, ...rest }) => ({
      ...rest,
      key: claim?.key,
      visitorHash: claim?.visitorHash,
      requestHash: claim?.requestHash,
    })),
  );
  const { rows } = await sql<{ outcomes: AddLineOutcome[] }>`
    SELECT cart_add_entries(${input}::jsonb) AS outcomes`.execute(db);
  const outcomes = rows[0]?.outcomes;
  if (outcomes?.length !== adds.length) throw new Error('cart_add_entries answered too few');
  return outcomes;
}

/** One add on its own. */
export async function addLine(db: Db, add: AddLineInput): Promise<AddLineOutcome> {
  const [outcome] = await addLines(db, [add]);
  return outcome!;
}

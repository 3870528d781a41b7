import crypto from 'node:crypto';
import type { Db } from '../db/database.js';
import type { AddressInput } from '../../shared/checkout/api.js';
import { validateAddress } from '../../shared/checkout/address-rules.js';
import { CustomerLimits } from '../../shared/customers/api.js';
import { appError } from '../errors/app-error.js';
import { ErrorCode } from '../../shared/errors.js';

export interface SavedAddress {
  id: string;
  address: AddressInput;
  isDefault: boolean;
}

type AddressField = keyof AddressInput;

/** The posted form's address, trimmed; checked by checkout's one address rule. */
export function addressFromForm(form: Partial<Record<string, string>>): {
  address: AddressInput;
  errors: Record<string, string>;
} {
  const v = (k: AddressField) => (form[k] ?? '').trim();
  const address: AddressInput = {
    firstName: v('firstName'),
    lastName: v('lastName'),
    line1: v('line1'),
    line2: v('line2'),
    city: v('city'),
    region: v('region'),
    postalCode: v('postalCode'),
    country: v('country').toUpperCase(),
    phone: v('phone'),
  };
  const raw = validateAddress(address, 'a');
  const errors = Object.fromEntries(Object.entries(raw).map(([k, m]) => [k.slice(2), m]));
  return { address, errors };
}

export async function listAddresses(db: Db, customerId: string): Promise<SavedAddress[]> {
  const rows = await db
    .selectFrom('customer_addresses')
    .select(['id', 'address', 'is_default'])
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ id: r.id, address: r.address, isDefault: r.is_default }));
}

export async function defaultAddress(db: Db, customerId: string): Promise<AddressInput | null> {
  const row = await db
    .selectFrom('customer_addresses')
    .select('address')
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.address ?? null;
}

/**
 * Adds (id undefined) or changes one of the customer's addresses. The first address is the
 * default; `makeDefault` moves the default here. A name on the customer fills in from it.
 */
export async function saveAddress(
  db: Db,
  customer: { id: string; siteId: string },
  id: string | undefined,
  address: AddressInput,
  makeDefault: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('customer_addresses')
      .select(['id', 'is_default'])
      .where('customer_id', '=', customer.id)
      .forUpdate()
      .execute();
    if (id !== undefined && !existing.some((a) => a.id === id)) throw appError(ErrorCode.NOT_FOUND);
    if (id === undefined && existing.length >= CustomerLimits.addressesMax)
      throw appError(
        ErrorCode.VALIDATION,
        `You can save up to ${CustomerLimits.addressesMax} addresses.`,
      );
    const isDefault =
      makeDefault ||
      existing.length === 0 ||
      (existing.find((a) => a.id === id)?.is_default ?? false);
    if (isDefault)
      await trx
        .updateTable('customer_addresses')
        .set({ is_default: false })
        .where('customer_id', '=', customer.id)
        .where('is_default', '=', true)
        .execute();
    if (id === undefined) {
      await trx
        .insertInto('customer_addresses')
        .values({
          id: crypto.randomUUID(),
          customer_id: customer.id,
          site_id: customer.siteId,
          address: JSON.stringify(address),
          is_default: isDefault,
        })
        .execute();
    } else {
      await trx
        .updateTable('customer_addresses')
        .set({ address: JSON.stringify(address), is_default: isDefault })
        .where('id', '=', id)
        .where('customer_id', '=', customer.id)
        .execute();
    }
    await trx
      .updateTable('customers')
      .set({ name: `${address.firstName} ${address.lastName}`.trim() })
      .where('id', '=', customer.id)
      .where('name', '=', '')
      .execute();
  });
}

/** Deletes one address; the oldest other one becomes the default when it was. */
export async function deleteAddress(db: Db, customerId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('customer_addresses')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .returning('is_default')
      .executeTakeFirst();
    if (!gone) throw appError(ErrorCode.NOT_FOUND);
    if (!gone.is_default) return;
    const next = await trx
      .selectFrom('customer_addresses')
      .select('id')
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .executeTakeFirst();
    if (next)
      await trx
        .updateTable('customer_addresses')
        .set({ is_default: true })
        .where('id', '=', next.id)
        .execute();
  });
}

export async function makeDefaultAddress(db: Db, customerId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('customer_addresses')
      .select('id')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!found) throw appError(ErrorCode.NOT_FOUND);
    await trx
      .updateTable('customer_addresses')
      .set({ is_default: false })
      .where('customer_id', '=', customerId)
      .where('is_default', '=', true)
      .execute();
    await trx
      .updateTable('customer_addresses')
      .set({ is_default: true })
      .where('id', '=', id)
      .execute();
  });
}

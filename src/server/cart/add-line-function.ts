/**
 * `cart_add_entry(…)`: the atomic part of an add-to-cart as one statement, so an add costs one
 * round trip (one implicit transaction) instead of BEGIN, lock, read, upsert, store, COMMIT. On
 * PGlite every statement is wasm work on the event loop, and on PostgreSQL every statement is a
 * network round trip while the cart's lock is held, so the count is what limits adds per second.
 *
 * Its input is one JSON object (add-line.ts): on PGlite a statement's cost grows with its
 * parameter count (each is described, serialized and bound), and 23 parameters cost more than the
 * whole function body.
 *
 * The business rules stay in TypeScript (`cart-service.ts`, `src/shared`): the caller validates
 * the request against the catalog first and passes the limits it derived — at most `maxHeld`
 * units of the variant in the cart (null: no limit) and `maxLine` units on one line. The
 * function only does what must happen under the cart's lock:
 *
 * 1. Lock the visitor's open cart (`FOR UPDATE`), so adds to one cart run one after another and
 *    the count below is what the cart really holds.
 * 2. With an Idempotency-Key, a live stored add under that key → `replay` (after the lock, so a
 *    duplicate that waited for the lock finds its twin's answer rather than a stock refusal).
 * 3. Count what the cart holds of the variant (all lines, and the line these answers merge
 *    into); over a limit → `rejected` with both counts, having written nothing (the caller turns
 *    the counts into the SPEC error through the same rules).
 * 4. Create the cart when there is none, claim the key, bump the cart's `updated`, upsert the
 *    line (same variant + same answers → its quantity grows, re-priced at today's price).
 * 5. Return the snapshot the response is built from — the cart, its lines in insertion order,
 *    the added line's id, the currency — and store that same snapshot under the key, so a
 *    replay builds exactly the first answer.
 *
 * A key claimed concurrently for a new cart (the lock does not cover carts not yet created):
 * the INSERT waits for the other transaction, and when it committed, this call deletes the cart
 * it had just created and answers `replay`. Nothing else is written before the claim.
 *
 * A change here goes with a new migration that runs its CREATE OR REPLACE again, so databases
 * that ran the earlier migrations get it too (migrations.ts).
 */
export const CART_ADD_ENTRY_FUNCTION = `
CREATE OR REPLACE FUNCTION cart_add_entry(p jsonb) RETURNS jsonb
LANGUAGE plpgsql
AS $fn$
DECLARE
  p_site_id text := p->>'siteId';
  p_cart_id text := p->>'cartId';
  p_new_cart_id text := p->>'newCartId';
  p_now timestamptz := (p->>'now')::timestamptz;
  p_entry_id text := p->>'entryId';
  p_item_id text := p->>'itemId';
  p_variant_id text := p->>'variantId';
  p_sku text := p->>'sku';
  p_quantity integer := (p->>'quantity')::integer;
  p_additional_fields jsonb := nullif(p->'additionalFields', 'null'::jsonb);
  p_additional_field_answers jsonb := nullif(p->'additionalFieldAnswers', 'null'::jsonb);
  p_additional_fields_key text := p->>'additionalFieldsKey';
  p_unit_price_cents integer := (p->>'unitPriceCents')::integer;
  p_title text := p->>'title';
  p_attributes jsonb := p->'attributes';
  p_product_type integer := (p->>'productType')::integer;
  p_max_held integer := (p->>'maxHeld')::integer;
  p_max_line integer := (p->>'maxLine')::integer;
  p_currency text := p->>'currency';
  p_key text := p->>'key';
  p_visitor_hash text := p->>'visitorHash';
  p_request_hash text := p->>'requestHash';
  p_live_after timestamptz := (p->>'liveAfter')::timestamptz;
  v_cart_id text;
  v_created timestamptz;
  v_order_id text;
  v_new_cart boolean := false;
  v_held integer := 0;
  v_line integer := 0;
  v_entry_id text;
  v_snapshot jsonb;
  v_stored record;
BEGIN
  IF p_cart_id IS NOT NULL THEN
    SELECT c.id, c.created, c.order_id INTO v_cart_id, v_created, v_order_id
      FROM carts c
     WHERE c.id = p_cart_id AND c.site_id = p_site_id AND NOT c.is_purchased
       FOR UPDATE;
  END IF;

  IF p_key IS NOT NULL THEN
    SELECT k.cart_id, k.visitor_hash, k.request_hash, k.response INTO v_stored
      FROM idempotency_keys k
     WHERE k.site_id = p_site_id AND k.key = p_key AND k.created > p_live_after;
    IF FOUND THEN
      RETURN jsonb_build_object('status', 'replay', 'cartId', v_stored.cart_id,
        'visitorHash', v_stored.visitor_hash, 'requestHash', v_stored.request_hash,
        'response', v_stored.response);
    END IF;
  END IF;

  IF v_cart_id IS NOT NULL THEN
    SELECT coalesce(sum(e.quantity), 0),
           coalesce(sum(e.quantity) FILTER (WHERE e.additional_fields_key = p_additional_fields_key), 0)
      INTO v_held, v_line
      FROM cart_entries e
     WHERE e.cart_id = v_cart_id AND e.variant_id = p_variant_id;
  END IF;
  IF (p_max_held IS NOT NULL AND v_held + p_quantity > p_max_held)
     OR v_line + p_quantity > p_max_line THEN
    RETURN jsonb_build_object('status', 'rejected', 'held', v_held, 'lineQuantity', v_line);
  END IF;

  IF v_cart_id IS NULL THEN
    INSERT INTO carts (id, site_id, created, updated, order_id)
    VALUES (p_new_cart_id, p_site_id, p_now, p_now, NULL);
    v_cart_id := p_new_cart_id;
    v_created := p_now;
    v_new_cart := true;
  END IF;

  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys AS k
           (site_id, key, cart_id, visitor_hash, request_hash, response, created)
    VALUES (p_site_id, p_key, v_cart_id, p_visitor_hash, p_request_hash, 'null'::jsonb, p_now)
    ON CONFLICT (site_id, key) DO UPDATE
       SET cart_id = excluded.cart_id, visitor_hash = excluded.visitor_hash,
           request_hash = excluded.request_hash, response = excluded.response,
           created = excluded.created
     WHERE k.created <= p_live_after;
    IF NOT FOUND THEN
      IF v_new_cart THEN
        DELETE FROM carts WHERE id = v_cart_id;
      END IF;
      SELECT k.cart_id, k.visitor_hash, k.request_hash, k.response INTO v_stored
        FROM idempotency_keys k
       WHERE k.site_id = p_site_id AND k.key = p_key;
      RETURN jsonb_build_object('status', 'replay', 'cartId', v_stored.cart_id,
        'visitorHash', v_stored.visitor_hash, 'requestHash', v_stored.request_hash,
        'response', v_stored.response);
    END IF;
  END IF;

  IF NOT v_new_cart THEN
    UPDATE carts SET updated = p_now WHERE id = v_cart_id;
  END IF;

  INSERT INTO cart_entries AS e
         (id, cart_id, item_id, variant_id, sku, quantity, additional_fields,
          additional_field_answers, additional_fields_key, unit_price_cents, title, attributes,
          product_type, created, updated)
  VALUES (p_entry_id, v_cart_id, p_item_id, p_variant_id, p_sku, p_quantity, p_additional_fields,
          p_additional_field_answers, p_additional_fields_key, p_unit_price_cents, p_title,
          p_attributes, p_product_type, p_now, p_now)
  ON CONFLICT (cart_id, variant_id, additional_fields_key) DO UPDATE
     SET quantity = e.quantity + excluded.quantity,
         unit_price_cents = excluded.unit_price_cents,
         title = excluded.title,
         sku = excluded.sku,
         attributes = excluded.attributes,
         updated = excluded.updated
  RETURNING e.id INTO v_entry_id;

  SELECT jsonb_build_object(
           'cart', jsonb_build_object('id', v_cart_id, 'created', v_created,
                                      'is_purchased', false, 'order_id', v_order_id),
           'entries', jsonb_agg(jsonb_build_object(
               'id', e.id, 'item_id', e.item_id, 'variant_id', e.variant_id, 'sku', e.sku,
               'attributes', e.attributes, 'quantity', e.quantity, 'title', e.title,
               'product_type', e.product_type, 'unit_price_cents', e.unit_price_cents,
               'additional_fields', e.additional_fields,
               'additional_field_answers', e.additional_field_answers)
             ORDER BY e.seq),
           'entryId', v_entry_id,
           'currency', p_currency)
    INTO v_snapshot
    FROM cart_entries e
   WHERE e.cart_id = v_cart_id;

  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response = v_snapshot WHERE site_id = p_site_id AND key = p_key;
  END IF;
  RETURN jsonb_build_object('status', 'added', 'cartId', v_cart_id, 'snapshot', v_snapshot);
END
$fn$;
`;

/**
 * `cart_add_entries(jsonb)`: several adds (a JSON array of `cart_add_entry` inputs) in one
 * statement, so in one transaction with one commit, answered as a JSON array in the same order.
 * Adds that arrive together are sent together (add-line-batcher.ts): the per-statement costs —
 * the round trip, parsing, the commit's WAL flush, and on PGlite the wasm calls of the protocol —
 * are paid once for all of them. They run one after another, each seeing the ones before it, in
 * the order given (the caller sorts them by cart, so concurrent batches lock carts in one order).
 *
 * The outcomes gather in a plpgsql array, which grows in place, and become JSON once at the
 * end: appending to a jsonb value copies it every time, which made a batch of 32 adds cost a
 * fifth more than the adds themselves (measured on PGlite: 250 → 208 µs per add).
 */
export const CART_ADD_ENTRIES_FUNCTION = `
CREATE OR REPLACE FUNCTION cart_add_entries(p jsonb) RETURNS jsonb
LANGUAGE plpgsql
AS $fn$
DECLARE
  v_out jsonb[] := '{}';
  v_item jsonb;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p) LOOP
    v_out := array_append(v_out, cart_add_entry(v_item));
  END LOOP;
  RETURN to_jsonb(v_out);
END
$fn$;
`;

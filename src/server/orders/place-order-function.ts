/**
 * `place_orders(jsonb)`: the transaction of placing orders as one statement, so an order costs
 * one round trip (one implicit transaction, one commit) instead of BEGIN, ~10 statements and
 * COMMIT. On PostgreSQL every round trip of the old transaction was a wait while the website's
 * order counter was locked, which serialized every order of a website behind ~12 ms; on PGlite
 * every statement is wasm work on the event loop. Orders that arrive together go in one call
 * (record-order.ts), sharing the commit's WAL flush — one flush per batch instead of per order
 * is what lets a website take more orders a second than its disk has flushes.
 *
 * Its input is a JSON array of placements built by record-order.ts; every business rule (totals,
 * validation, mail texts) stayed in TypeScript. What happens here is what must happen under
 * locks, in this order (the same for every placement, so two never wait for each other in a
 * cycle; docs/checkout-api.md "Lock order"):
 *
 * 1. Lock the counted (not unlimited) variants every placement of the batch takes stock of, in
 *    id order. Unlimited variants are never locked: orders of them do not queue behind each
 *    other.
 * 2. Lock the website's order counter (created at 0 for a website's first order), in site order.
 * 3. A batch whose outcome cannot depend on the order of its placements (plain goods, every
 *    cart as quoted, stock for all of it) is recorded set-wise, one statement per table
 *    (`place_orders_together`, place-orders-together-function.ts); any other batch goes on:
 *    each placement (`place_order`), in the order given (the caller sorts by cart id, the order
 *    the cart functions lock carts in):
 *    a. lock the cart; a purchased cart → `existing` with its order, no cart → `empty`;
 *    b. the cart's lines must be the quoted ones (id, quantity, price, variant) → else `changed`;
 *    c. the Idempotency-Key must be free on this website → else `key_used`;
 *    d. every variant must have the quantity (all checked before any is taken) → else `short`
 *       with what is left, having written nothing;
 *    e. lock the discounts it uses and the gift cards that pay (issue 15), in id order: each
 *       discount must still be enabled, under its usage limit and, once per email, unused by
 *       this email → else `discount_unavailable`; each gift card must be active and still hold
 *       what it pays → else `gift_card_short` (two orders racing for one card: one wins);
 *    f. take the stock, number the order (counter + 1: only orders that are placed get a number,
 *       so numbers have no gaps), insert the order, its lines, its timeline events, the test
 *       provider's ledger row when the payment settles with the order, the discount uses and
 *       gift card debits (with their transactions), the gift cards the order buys, the outgoing
 *       mail and the purchase event, and mark the cart purchased.
 * 4. Bump the content version of websites where a variant sold out (pages show it), last.
 *
 * The mail and the purchase event are rendered in Node before the number exists: they carry a
 * per-process placeholder number (`numberSlot`, 15 random digits no shopper can guess), replaced
 * here by the real one. A decline never reaches this function (nothing is written); a refused
 * placement returns its reason and leaves the batch's other placements alone.
 *
 * A change here goes with a new migration that runs its CREATE OR REPLACE again (migrations.ts).
 */
export const PLACE_ORDER_FUNCTION = `
CREATE OR REPLACE FUNCTION place_order(p jsonb) RETURNS jsonb
LANGUAGE plpgsql
AS $fn$
DECLARE
  p_site_id text := p->>'siteId';
  p_cart_id text := p->>'cartId';
  p_now timestamptz := (p->>'now')::timestamptz;
  p_key text := p->>'idempotencyKey';
  p_slot text := p->>'numberSlot';
  p_order_id text := p->'order'->>'id';
  v_cart record;
  v_lines jsonb;
  v_short jsonb;
  v_refused text;
  v_discounts jsonb := coalesce(p->'discountUses', '[]'::jsonb);
  v_debits jsonb := coalesce(p->'giftCardDebits', '[]'::jsonb);
  v_sold_out boolean;
  v_number integer;
BEGIN
  SELECT c.is_purchased, c.order_id INTO v_cart
    FROM carts c
   WHERE c.id = p_cart_id AND c.site_id = p_site_id
     FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'empty');
  END IF;
  IF v_cart.is_purchased THEN
    RETURN jsonb_build_object('status', 'existing', 'orderId', v_cart.order_id);
  END IF;

  SELECT coalesce(jsonb_agg(jsonb_build_object('id', e.id, 'quantity', e.quantity,
           'unitPrice', e.unit_price_cents, 'variantId', e.variant_id) ORDER BY e.seq), '[]'::jsonb)
    INTO v_lines
    FROM cart_entries e
   WHERE e.cart_id = p_cart_id;
  IF v_lines <> p->'lines' THEN
    RETURN jsonb_build_object('status', 'changed');
  END IF;

  IF p_key IS NOT NULL AND EXISTS (
       SELECT 1 FROM orders o WHERE o.site_id = p_site_id AND o.idempotency_key = p_key) THEN
    RETURN jsonb_build_object('status', 'key_used');
  END IF;

  SELECT coalesce(jsonb_agg(jsonb_build_object('variantId', w."variantId",
           'requested', w.quantity, 'available', greatest(0, coalesce(v.qty_in_stock, 0)))
           ORDER BY w."variantId"), '[]'::jsonb)
    INTO v_short
    FROM jsonb_to_recordset(p->'stock') AS w("variantId" text, quantity integer)
    LEFT JOIN variants v ON v.id = w."variantId" AND v.site_id = p_site_id
   WHERE v.id IS NULL OR (NOT v.unlimited AND v.qty_in_stock < w.quantity);
  IF jsonb_array_length(v_short) > 0 THEN
    RETURN jsonb_build_object('status', 'short', 'short', v_short);
  END IF;

  IF jsonb_array_length(v_discounts) > 0 THEN
    PERFORM 1 FROM discounts d
      WHERE d.id IN (SELECT u->>'discountId' FROM jsonb_array_elements(v_discounts) u)
      ORDER BY d.id
        FOR UPDATE;
    SELECT u."discountId" INTO v_refused
      FROM jsonb_to_recordset(v_discounts) AS u("discountId" text, "onceKey" text)
      LEFT JOIN discounts d ON d.id = u."discountId" AND d.site_id = p_site_id
     WHERE d.id IS NULL OR NOT d.enabled
        OR (d.usage_limit IS NOT NULL AND d.times_used >= d.usage_limit)
        OR (u."onceKey" IS NOT NULL AND EXISTS (
              SELECT 1 FROM discount_redemptions r
               WHERE r.discount_id = u."discountId" AND r.once_key = u."onceKey"))
     LIMIT 1;
    IF v_refused IS NOT NULL THEN
      RETURN jsonb_build_object('status', 'discount_unavailable', 'discountId', v_refused);
    END IF;
  END IF;

  IF jsonb_array_length(v_debits) > 0 THEN
    PERFORM 1 FROM gift_cards g
      WHERE g.id IN (SELECT d->>'giftCardId' FROM jsonb_array_elements(v_debits) d)
      ORDER BY g.id
        FOR UPDATE;
    SELECT d."giftCardId" INTO v_refused
      FROM jsonb_to_recordset(v_debits) AS d("giftCardId" text, amount integer)
      LEFT JOIN gift_cards g ON g.id = d."giftCardId" AND g.site_id = p_site_id
     WHERE g.id IS NULL OR g.status <> 'active' OR g.balance < d.amount
     LIMIT 1;
    IF v_refused IS NOT NULL THEN
      RETURN jsonb_build_object('status', 'gift_card_short', 'giftCardId', v_refused);
    END IF;
  END IF;

  WITH taken AS (
    UPDATE variants v
       SET qty_in_stock = v.qty_in_stock - w.quantity
      FROM jsonb_to_recordset(p->'stock') AS w("variantId" text, quantity integer)
     WHERE v.id = w."variantId" AND v.site_id = p_site_id AND NOT v.unlimited
    RETURNING v.qty_in_stock)
  SELECT coalesce(bool_or(qty_in_stock = 0), false) INTO v_sold_out FROM taken;

  UPDATE order_counters SET last_number = last_number + 1
   WHERE site_id = p_site_id
  RETURNING last_number INTO v_number;

  INSERT INTO orders (id, site_id, order_number, cart_id, idempotency_key, customer_id, email,
         currency, language, subtotal, shipping_total, tax_total, discount_total,
         gift_card_total, grand_total, paid_total, refunded_total, tax_lines, shipping_address,
         billing_address, shipping_option, status, payment_status, fulfillment_status,
         payment_provider, payment_reference, payment_instructions, test_mode, created, updated,
         discount_lines, gift_card_lines, subscription_id)
  SELECT r.id, r.site_id, v_number, r.cart_id, r.idempotency_key, r.customer_id, r.email,
         r.currency,
         r.language, r.subtotal, r.shipping_total, r.tax_total, r.discount_total,
         r.gift_card_total, r.grand_total, r.paid_total, r.refunded_total, r.tax_lines,
         r.shipping_address, r.billing_address, r.shipping_option, r.status, r.payment_status,
         r.fulfillment_status, r.payment_provider, r.payment_reference, r.payment_instructions,
         r.test_mode, r.created, r.updated, coalesce(r.discount_lines, '[]'::jsonb),
         coalesce(r.gift_card_lines, '[]'::jsonb), r.subscription_id
    FROM jsonb_populate_record(NULL::orders, p->'order') r;

  IF jsonb_array_length(v_discounts) > 0 THEN
    UPDATE discounts d SET times_used = d.times_used + 1, updated = p_now
      FROM jsonb_to_recordset(v_discounts) AS u("discountId" text)
     WHERE d.id = u."discountId";
    INSERT INTO discount_redemptions (discount_id, site_id, order_id, email, once_key, amount,
           created)
    SELECT u."discountId", p_site_id, p_order_id, p->'order'->>'email', u."onceKey", u.amount,
           p_now
      FROM jsonb_to_recordset(v_discounts) AS u("discountId" text, "onceKey" text,
           amount integer);
  END IF;

  IF jsonb_array_length(v_debits) > 0 THEN
    WITH debited AS (
      UPDATE gift_cards g SET balance = g.balance - d.amount, updated = p_now
        FROM jsonb_to_recordset(v_debits) AS d("giftCardId" text, amount integer)
       WHERE g.id = d."giftCardId"
      RETURNING g.id, g.balance, d.amount)
    INSERT INTO gift_card_transactions (gift_card_id, site_id, kind, amount, balance_after,
           order_id, note, created)
    SELECT id, p_site_id, 'redeemed', -amount, balance, p_order_id, 'Order #' || v_number, p_now
      FROM debited;
  END IF;

  IF jsonb_array_length(coalesce(p->'giftCards', '[]'::jsonb)) > 0 THEN
    INSERT INTO gift_cards (id, site_id, code_hash, last4, currency, initial_balance, balance,
           status, recipient_email, recipient_name, sender_name, message, order_id, source,
           send_on, created, updated)
    SELECT r.id, r.site_id, r.code_hash, r.last4, r.currency, r.initial_balance, r.balance,
           coalesce(r.status, 'active'), coalesce(r.recipient_email, ''),
           coalesce(r.recipient_name, ''), coalesce(r.sender_name, ''), coalesce(r.message, ''),
           r.order_id, r.source, r.send_on, r.created, r.updated
      FROM jsonb_populate_recordset(NULL::gift_cards, p->'giftCards') r;
    INSERT INTO gift_card_transactions (gift_card_id, site_id, kind, amount, balance_after,
           order_id, note, created)
    SELECT r.gift_card_id, r.site_id, r.kind, r.amount, r.balance_after, r.order_id,
           replace(coalesce(r.note, ''), p_slot, v_number::text), r.created
      FROM jsonb_populate_recordset(NULL::gift_card_transactions,
           coalesce(p->'giftCardTransactions', '[]'::jsonb)) r;
  END IF;

  INSERT INTO order_lines (id, order_id, position, item_id, variant_id, sku, title, attributes,
         product_type, quantity, unit_price, line_total, additional_field_answers)
  SELECT r.id, r.order_id, r.position, r.item_id, r.variant_id, r.sku, r.title, r.attributes,
         r.product_type, r.quantity, r.unit_price, r.line_total, r.additional_field_answers
    FROM jsonb_populate_recordset(NULL::order_lines, p->'orderLines') r;

  INSERT INTO order_events (order_id, at, kind, message, data)
  SELECT r.order_id, r.at, r.kind, r.message, r.data
    FROM jsonb_populate_recordset(NULL::order_events, p->'events') r;

  UPDATE carts SET is_purchased = true, order_id = p_order_id, updated = p_now
   WHERE id = p_cart_id;

  IF jsonb_typeof(p->'testPayment') = 'object' THEN
    INSERT INTO test_payments (reference, idempotency_key, site_id, amount, currency, status,
           refunded, created)
    SELECT r.reference, r.idempotency_key, r.site_id, r.amount, r.currency, r.status,
           r.refunded, r.created
      FROM jsonb_populate_record(NULL::test_payments, p->'testPayment') r
    ON CONFLICT (idempotency_key) DO NOTHING;
    IF NOT FOUND THEN
      -- The key names a hold released after an earlier try (test-provider.ts): a new payment.
      INSERT INTO test_payments (reference, idempotency_key, site_id, amount, currency, status,
             refunded, created)
      SELECT r.reference, r.idempotency_key || ':' || r.reference, r.site_id, r.amount,
             r.currency, r.status, r.refunded, r.created
        FROM jsonb_populate_record(NULL::test_payments, p->'testPayment') r;
    END IF;
  END IF;

  INSERT INTO outbox (site_id, kind, to_address, subject, text_body, html_body, headers, status,
         attempts, last_error, created_at, next_attempt_at, sent_at)
  SELECT r.site_id, r.kind, r.to_address, replace(r.subject, p_slot, v_number::text),
         replace(r.text_body, p_slot, v_number::text), replace(r.html_body, p_slot, v_number::text),
         r.headers, r.status, r.attempts, r.last_error, r.created_at, r.next_attempt_at, r.sent_at
    FROM jsonb_populate_recordset(NULL::outbox, p->'mails') r;

  IF jsonb_typeof(p->'purchase') = 'object' THEN
    INSERT INTO analytics_events (site_id, source, name, environment, session_id, content,
           occurred_at)
    SELECT r.site_id, r.source, r.name, r.environment, r.session_id,
           jsonb_set(r.content, '{orderNumber}', to_jsonb(v_number)), r.occurred_at
      FROM jsonb_populate_record(NULL::analytics_events, p->'purchase') r;
  END IF;

  RETURN jsonb_build_object('status', 'placed', 'orderNumber', v_number, 'soldOut', v_sold_out);
END
$fn$;
`;

export const PLACE_ORDERS_FUNCTION = `
CREATE OR REPLACE FUNCTION place_orders(p jsonb) RETURNS jsonb
LANGUAGE plpgsql
AS $fn$
DECLARE
  v_out jsonb[] := '{}';
  v_item jsonb;
  v_outcomes jsonb;
  v_site text;
BEGIN
  PERFORM 1
     FROM variants v
    WHERE v.id IN (SELECT w->>'variantId'
                     FROM jsonb_array_elements(p) x, jsonb_array_elements(x->'stock') w)
      AND NOT v.unlimited
    ORDER BY v.id
      FOR UPDATE;

  INSERT INTO order_counters (site_id, last_number)
  SELECT DISTINCT x->>'siteId', 0 FROM jsonb_array_elements(p) x ORDER BY 1
  ON CONFLICT (site_id) DO NOTHING;
  PERFORM 1
     FROM order_counters c
    WHERE c.site_id IN (SELECT x->>'siteId' FROM jsonb_array_elements(p) x)
    ORDER BY c.site_id
      FOR UPDATE;

  v_outcomes := place_orders_together(p);
  IF v_outcomes IS NULL THEN
    FOR v_item IN SELECT value FROM jsonb_array_elements(p) LOOP
      v_out := array_append(v_out, place_order(v_item));
    END LOOP;
    v_outcomes := to_jsonb(v_out);
  END IF;

  FOR v_site IN
    SELECT DISTINCT t.x->>'siteId'
      FROM jsonb_array_elements(p) WITH ORDINALITY AS t(x, i)
      JOIN jsonb_array_elements(v_outcomes) WITH ORDINALITY AS o(r, i) ON o.i = t.i
     WHERE (o.r->>'soldOut')::boolean
     ORDER BY 1
  LOOP
    UPDATE sites SET content_version = content_version + 1 WHERE id = v_site;
  END LOOP;
  RETURN v_outcomes;
END
$fn$;
`;

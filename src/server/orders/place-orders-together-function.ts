/**
 * `place_orders_together(jsonb)`: the fast path of `place_orders` (place-order-function.ts) —
 * a whole batch of placements recorded by one statement per table instead of one `place_order`
 * call (about fifteen statements) per placement.
 *
 * Why: on PostgreSQL much of an order's cost in the database was not the rows it writes but the
 * executor's start-up and plan lookup for each of those fifteen statements, repeated for every
 * order of a batch. Replaying a captured batch of 64 on PostgreSQL (backend CPU per order): one
 * by one ≈0.66 ms, set-wise ≈0.35 ms; a batch of one costs about the same either way (≈1 ms,
 * mostly the rows and their indexes). The writes are one statement of data-modifying CTEs; the
 * checks before them are two reads and the carts' lock.
 *
 * It only takes batches where the answer cannot depend on the order of the placements, and
 * answers NULL for any other, which `place_orders` then records one by one with `place_order`
 * (whose rules it shares, so both paths answer alike):
 * - no placement uses a discount, pays with a gift card or buys one (their rows' locks and
 *   limits are `place_order`'s);
 * - each cart, and each website's Idempotency-Key, appears once in the batch;
 * - every cart exists, is not purchased and still holds exactly the quoted lines;
 * - no Idempotency-Key placed an order already;
 * - every variant has the units the whole batch asks of it (when one would run short, which
 *   placement gets them depends on the order: one by one decides that).
 *
 * Runs inside `place_orders`, after it locked the counted variants and the order counters; it
 * locks the carts in id order, as `place_order` does one at a time (the batch comes sorted by
 * cart id). Numbers follow each website's counter in the batch's order, without gaps.
 * `soldOut` is true for the placement that took a variant's last unit (the batch's last one
 * asking for it), as `place_order` would have answered.
 *
 * A change here goes with a new migration that runs its CREATE OR REPLACE again (migrations.ts).
 */
export const PLACE_ORDERS_TOGETHER_FUNCTION = `
CREATE OR REPLACE FUNCTION place_orders_together(p jsonb) RETURNS jsonb
LANGUAGE plpgsql
AS $fn$
DECLARE
  v_count integer := jsonb_array_length(p);
  v_ok boolean;
  v_outcomes jsonb;
BEGIN
  SELECT count(DISTINCT x->>'cartId') = v_count
         AND count(x->>'idempotencyKey')
           = count(DISTINCT (x->>'siteId', x->>'idempotencyKey'))
               FILTER (WHERE x->>'idempotencyKey' IS NOT NULL)
         AND bool_and(jsonb_array_length(coalesce(x->'discountUses', '[]'::jsonb)) = 0
                      AND jsonb_array_length(coalesce(x->'giftCardDebits', '[]'::jsonb)) = 0
                      AND jsonb_array_length(coalesce(x->'giftCards', '[]'::jsonb)) = 0)
    INTO v_ok
    FROM jsonb_array_elements(p) x;
  IF NOT v_ok THEN
    RETURN NULL;
  END IF;

  PERFORM 1 FROM carts c
    WHERE c.id IN (SELECT x->>'cartId' FROM jsonb_array_elements(p) x)
    ORDER BY c.id
      FOR UPDATE;

  SELECT (SELECT bool_and(c.id IS NOT NULL AND NOT c.is_purchased
                          AND coalesce(l.lines, '[]'::jsonb) = x->'lines')
            FROM jsonb_array_elements(p) x
            LEFT JOIN carts c ON c.id = x->>'cartId' AND c.site_id = x->>'siteId'
            LEFT JOIN LATERAL (
              SELECT jsonb_agg(jsonb_build_object('id', e.id, 'quantity', e.quantity,
                       'unitPrice', e.unit_price_cents, 'variantId', e.variant_id)
                       ORDER BY e.seq) AS lines
                FROM cart_entries e
               WHERE e.cart_id = x->>'cartId') l ON true)
     AND NOT EXISTS (
           SELECT 1 FROM jsonb_array_elements(p) x
             JOIN orders o ON o.site_id = x->>'siteId'
                          AND o.idempotency_key = x->>'idempotencyKey')
     AND NOT EXISTS (
           SELECT 1
             FROM (SELECT x->>'siteId' AS site_id, w->>'variantId' AS variant_id,
                          sum((w->>'quantity')::integer) AS quantity
                     FROM jsonb_array_elements(p) x, jsonb_array_elements(x->'stock') w
                    GROUP BY 1, 2) d
             LEFT JOIN variants v ON v.id = d.variant_id AND v.site_id = d.site_id
            WHERE v.id IS NULL OR (NOT v.unlimited AND v.qty_in_stock < d.quantity))
    INTO v_ok;
  IF NOT v_ok THEN
    RETURN NULL;
  END IF;

  -- Every write in one statement: its CTEs run once each, and the foreign keys are checked at
  -- its end, when the orders its lines and events point at are there.
  WITH placements AS (
    SELECT t.i, t.x, t.x->>'siteId' AS site_id, t.x->>'numberSlot' AS slot
      FROM jsonb_array_elements(p) WITH ORDINALITY AS t(x, i)),
  demand AS (
    SELECT pl.site_id, w->>'variantId' AS variant_id, sum((w->>'quantity')::integer) AS quantity
      FROM placements pl, jsonb_array_elements(pl.x->'stock') w
     GROUP BY 1, 2),
  taken AS (
    UPDATE variants v SET qty_in_stock = v.qty_in_stock - d.quantity
      FROM demand d
     WHERE v.id = d.variant_id AND v.site_id = d.site_id AND NOT v.unlimited
    RETURNING v.id, v.qty_in_stock),
  per_site AS (
    SELECT site_id, count(*)::integer AS n FROM placements GROUP BY 1),
  bumped AS (
    UPDATE order_counters c SET last_number = c.last_number + s.n
      FROM per_site s
     WHERE c.site_id = s.site_id
    RETURNING c.site_id, c.last_number - s.n AS before),
  numbered AS (
    SELECT pl.i, pl.x, pl.slot,
           (b.before + row_number() OVER (PARTITION BY pl.site_id ORDER BY pl.i))::integer
             AS number
      FROM placements pl
      JOIN bumped b ON b.site_id = pl.site_id),
  new_orders AS (
    INSERT INTO orders (id, site_id, order_number, cart_id, idempotency_key, customer_id,
           email, currency, language, subtotal, shipping_total, tax_total, discount_total,
           gift_card_total, grand_total, paid_total, refunded_total, tax_lines,
           shipping_address, billing_address, shipping_option, status, payment_status,
           fulfillment_status, payment_provider, payment_reference, payment_instructions,
           test_mode, created, updated, discount_lines, gift_card_lines, subscription_id)
    SELECT r.id, r.site_id, n.number, r.cart_id, r.idempotency_key, r.customer_id, r.email,
           r.currency, r.language, r.subtotal, r.shipping_total, r.tax_total, r.discount_total,
           r.gift_card_total, r.grand_total, r.paid_total, r.refunded_total, r.tax_lines,
           r.shipping_address, r.billing_address, r.shipping_option, r.status,
           r.payment_status, r.fulfillment_status, r.payment_provider, r.payment_reference,
           r.payment_instructions, r.test_mode, r.created, r.updated,
           coalesce(r.discount_lines, '[]'::jsonb), coalesce(r.gift_card_lines, '[]'::jsonb),
           r.subscription_id
      FROM numbered n, jsonb_populate_record(NULL::orders, n.x->'order') r),
  new_lines AS (
    INSERT INTO order_lines (id, order_id, position, item_id, variant_id, sku, title,
           attributes, product_type, quantity, unit_price, line_total,
           additional_field_answers)
    SELECT r.id, r.order_id, r.position, r.item_id, r.variant_id, r.sku, r.title,
           r.attributes, r.product_type, r.quantity, r.unit_price, r.line_total,
           r.additional_field_answers
      FROM placements pl, jsonb_populate_recordset(NULL::order_lines, pl.x->'orderLines') r),
  new_events AS (
    INSERT INTO order_events (order_id, at, kind, message, data)
    SELECT r.order_id, r.at, r.kind, r.message, r.data
      FROM placements pl,
           jsonb_populate_recordset(NULL::order_events, pl.x->'events') WITH ORDINALITY AS r
     ORDER BY pl.i, r.ordinality),
  purchased AS (
    UPDATE carts c SET is_purchased = true, order_id = pl.x->'order'->>'id',
           updated = (pl.x->>'now')::timestamptz
      FROM placements pl
     WHERE c.id = pl.x->>'cartId'),
  payments AS (
    SELECT r.*
      FROM placements pl,
           jsonb_populate_record(NULL::test_payments, pl.x->'testPayment') r
     WHERE jsonb_typeof(pl.x->'testPayment') = 'object'),
  kept AS (
    INSERT INTO test_payments (reference, idempotency_key, site_id, amount, currency, status,
           refunded, created)
    SELECT reference, idempotency_key, site_id, amount, currency, status, refunded, created
      FROM payments
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING reference),
  -- A key naming a hold released after an earlier try (test-provider.ts) is a new payment,
  -- as in place_order: kept apart by its reference.
  renamed AS (
    INSERT INTO test_payments (reference, idempotency_key, site_id, amount, currency, status,
           refunded, created)
    SELECT reference, idempotency_key || ':' || reference, site_id, amount, currency, status,
           refunded, created
      FROM payments
     WHERE reference NOT IN (SELECT reference FROM kept)),
  mails AS (
    INSERT INTO outbox (site_id, kind, to_address, subject, text_body, html_body, headers,
           status, attempts, last_error, created_at, next_attempt_at, sent_at)
    SELECT r.site_id, r.kind, r.to_address,
           replace(r.subject, n.slot, n.number::text),
           replace(r.text_body, n.slot, n.number::text),
           replace(r.html_body, n.slot, n.number::text),
           r.headers, r.status, r.attempts, r.last_error, r.created_at, r.next_attempt_at,
           r.sent_at
      FROM numbered n, jsonb_populate_recordset(NULL::outbox, n.x->'mails') r),
  purchases AS (
    INSERT INTO analytics_events (site_id, source, name, environment, session_id, content,
           occurred_at)
    SELECT r.site_id, r.source, r.name, r.environment, r.session_id,
           jsonb_set(r.content, '{orderNumber}', to_jsonb(n.number)), r.occurred_at
      FROM numbered n, jsonb_populate_record(NULL::analytics_events, n.x->'purchase') r
     WHERE jsonb_typeof(n.x->'purchase') = 'object'),
  last_takers AS (
    SELECT max(pl.i) AS i
      FROM placements pl, jsonb_array_elements(pl.x->'stock') w
     WHERE w->>'variantId' IN (SELECT id FROM taken WHERE qty_in_stock = 0)
     GROUP BY w->>'variantId')
  SELECT jsonb_agg(jsonb_build_object('status', 'placed', 'orderNumber', n.number,
           'soldOut', n.i IN (SELECT i FROM last_takers)) ORDER BY n.i)
    INTO v_outcomes
    FROM numbered n;
  RETURN v_outcomes;
END
$fn$;
`;

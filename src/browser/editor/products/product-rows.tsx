import type { OwnerProductSummary } from '../../../shared/product/owner-api.js';
import { productHref, STOCK_TEXT, typeLabel, VISIBILITY_TEXT } from './product-labels.js';

/**
 * The product table: a checkbox per row (and one for the page), thumbnail, title and type,
 * visibility, stock and price. Below 760 px each row is laid out as a card (products.css).
 */
export function ProductRows({
  products,
  selected,
  onSelect,
}: {
  products: OwnerProductSummary[];
  selected: Set<string>;
  onSelect: (s: Set<string>) => void;
}) {
  const allOnPage = products.every((p) => selected.has(p.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  return (
    <div className="ed-table-wrap" role="region" aria-label="Product list" tabIndex={0}>
      <table className="ed-table ed-product-table">
        <caption className="ed-visually-hidden">Products</caption>
        <thead>
          <tr>
            <th scope="col" className="ed-check-col">
              <input
                type="checkbox"
                aria-label="Select every product on this page"
                checked={allOnPage}
                onChange={(e) => {
                  const next = new Set(selected);
                  for (const p of products)
                    if (e.target.checked) next.add(p.id);
                    else next.delete(p.id);
                  onSelect(next);
                }}
              />
            </th>
            <th scope="col">
              <span className="ed-visually-hidden">Image</span>
            </th>
            <th scope="col">Product</th>
            <th scope="col">Visibility</th>
            <th scope="col">Stock</th>
            <th scope="col" className="ed-num">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => {
            const stock = STOCK_TEXT[p.stockState];
            return (
              <tr key={p.id} className={selected.has(p.id) ? 'ed-row-selected' : undefined}>
                <td className="ed-check-col">
                  <input
                    type="checkbox"
                    aria-label={`Select ${p.title}`}
                    checked={selected.has(p.id)}
                    onChange={(e) => toggle(p.id, e.target.checked)}
                  />
                </td>
                <td className="ed-thumb-col">
                  {p.thumbnailUrl ? (
                    <img className="ed-thumb" src={p.thumbnailUrl} alt="" loading="lazy" />
                  ) : (
                    <span className="ed-thumb ed-thumb-empty" aria-hidden="true" />
                  )}
                </td>
                <th scope="row" className="ed-product-title">
                  <a href={productHref(p.id)}>{p.title || 'Untitled product'}</a>
                  <span className="ed-muted ed-product-meta">
                    {typeLabel(p.productType)}
                    {p.variantCount > 1 ? ` · ${p.variantCount} variants` : ''}
                    {p.tags.length ? ` · ${p.tags.join(', ')}` : ''}
                  </span>
                </th>
                <td className="ed-vis-col">
                  <span className={`ed-pill ed-vis-${p.visibility}`}>
                    {VISIBILITY_TEXT[p.visibility].label}
                  </span>
                </td>
                <td className="ed-stock-col">
                  <span className={`ed-pill${stock.tone ? ` ed-pill-${stock.tone}` : ''}`}>
                    {stock.label}
                  </span>
                  {p.stockTotal !== null && p.stockState !== 'out' && (
                    <span className="ed-muted ed-small">{p.stockTotal} left</span>
                  )}
                </td>
                <td className="ed-num ed-price-col">
                  {p.priceText}
                  {p.onSale && <span className="ed-pill ed-pill-sale">Sale</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

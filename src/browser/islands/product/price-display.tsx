import type { StorefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import { formatMoney } from '../../../shared/money.js';
import { fromPriceText, type StatusMark } from '../../../shared/product/rules.js';
import { visuallyHidden } from './styles.js';

export interface PriceView {
  /** Minor units the shopper pays now. */
  price: number;
  /** Minor units before the sale, when on sale. */
  originalPrice: number | null;
  /** 'from …' when no variant is chosen and the variants' prices differ. */
  from: boolean;
  currency: string;
  mark: StatusMark;
}

/**
 * The price following the chosen variant (SPEC 4.7, 9.1): a sale shows both prices with
 * visually hidden 'Sale Price:' / 'Original Price:' labels; the mark reads 'sold out' (or the
 * site's custom sold-out text) or 'sale'.
 */
export function PriceDisplay(props: {
  view: PriceView;
  locale: string;
  soldOutText: string;
  texts: StorefrontTexts;
}) {
  const { view, locale, texts } = props;
  const fmt = (minor: number) => formatMoney(minor, view.currency, locale);
  return (
    <div className="pi-price product-price" data-testid="product-price">
      {view.from ? (
        <span className="pi-from">
          {fromPriceText(fmt(view.price), texts.productPriceFromText)}
        </span>
      ) : view.originalPrice !== null ? (
        <>
          <span style={visuallyHidden}>{texts.salePriceText}</span>
          <span className="pi-sale-price">{fmt(view.price)}</span>
          <span style={visuallyHidden}>{texts.originalPriceText}</span>
          <del className="pi-original">{fmt(view.originalPrice)}</del>
        </>
      ) : (
        <span className="pi-current">{fmt(view.price)}</span>
      )}
      {view.mark ? (
        <span className={`pi-mark pi-mark-${view.mark}`} data-mark={view.mark}>
          {view.mark === 'sold-out'
            ? props.soldOutText || texts.productSoldOutText
            : texts.productSaleText}
        </span>
      ) : null}
    </div>
  );
}

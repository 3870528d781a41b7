import type { ProductIslandProps } from './island-props.js';
import { prepareProductForm, ProductForm } from './product-form.js';

/** Before hydrating: the product form's own preparation, for the block's page type. */
export function prepare(props: ProductIslandProps): Promise<unknown> {
  return prepareProductForm({ ...props, pageType: 'product_block' });
}

/** A product inside a page block (island `product-block`): the compact product form. */
export default function ProductBlock(props: ProductIslandProps) {
  return (
    <div className="pi-product-block" data-product-id={props.item.id}>
      <h3 className="pi-product-block-title">
        <a href={props.item.fullUrl}>{props.item.title}</a>
      </h3>
      <ProductForm {...props} pageType="product_block" compact />
    </div>
  );
}

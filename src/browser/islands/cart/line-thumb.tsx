import {
  CART_THUMB_PX,
  thumbnailSource,
  type CartLineImage,
} from '../../../shared/cart/line-image.js';

/**
 * A cart or checkout line's picture (issue 14). The title beside it names the product, so the
 * picture is decorative (empty alt). Its box is fixed before the file loads (width and height
 * set), and a line without a picture keeps the same box so titles stay aligned.
 */
export function LineThumb({
  image,
  size = CART_THUMB_PX,
  className = 'ci-thumb',
}: {
  image: CartLineImage | null | undefined;
  size?: number;
  className?: string;
}) {
  if (!image) {
    return (
      <span
        className={`${className} ${className}-none`}
        aria-hidden="true"
        style={{ width: size, height: size }}
      />
    );
  }
  const s = thumbnailSource(image, size);
  return (
    <img
      className={className}
      src={s.src}
      srcSet={s.srcSet}
      sizes={s.sizes}
      width={s.width}
      height={s.height}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}

import type { ImageDto } from '@alpenpass/contracts/src/catalogue';

interface ProductImageProps {
  image: ImageDto | null;
  className: string;
  /** beside the product's name the picture adds nothing a screen reader needs */
  decorative?: boolean;
  /** the first picture a visitor sees is not deferred */
  eager?: boolean;
}

/**
 * A content picture with its size reserved (no layout shift), loaded lazily and decoded off the main
 * thread; without a picture a branded placeholder keeps the card's shape.
 */
export function ProductImage({ image, className, decorative = false, eager = false }: ProductImageProps) {
  if (!image) return <div className={`${className} image-placeholder`} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={decorative ? '' : image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

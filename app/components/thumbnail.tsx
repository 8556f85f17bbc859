import { imageUrl } from "~/utils/images";

/** A product's small square image (the 320-pixel variant), drawn at `size` pixels. */
export function Thumbnail({
  image,
  size,
  alt,
  className,
  lazy = false,
}: {
  image: string | null;
  size: number;
  alt: string;
  className: string;
  lazy?: boolean;
}) {
  return (
    <img
      src={imageUrl(image, 320)}
      alt={alt}
      width={size}
      height={size}
      loading={lazy ? "lazy" : undefined}
      className={className}
    />
  );
}

import { useRef } from "react";
import { imageSrcSet, imageUrl } from "~/utils/images";
import { useSwiper } from "./use-swiper";
import "./slider.css";

export const SWIPE_THRESHOLD_PX = 50;

/** A 12 px dot inside a 32 px tap target (targets of at least 24 px, so a thumb can hit them). */
const DOT_TARGET = "flex h-8 w-8 items-center justify-center rounded-full";
const DOT = "block h-3 w-3 rounded-full";
const ARROW =
  "absolute top-1/2 z-10 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-xl shadow md:flex";

/**
 * The images of the chosen colour. Without JavaScript: a scroll-snap strip with anchor dots.
 * With it, Swiper on the same strip: one image at a time, a swipe (or a mouse drag) of 50 px or more
 * moves by one, arrows on wide screens, dots. A new colour starts a new slider at its first image.
 */
export function ProductGallery({ images, alt }: { images: (string | null)[]; alt: string }) {
  return <Gallery key={images.join("|")} images={images} alt={alt} />;
}

function Gallery({ images, alt }: { images: (string | null)[]; alt: string }) {
  const el = useRef<HTMLDivElement>(null);
  const count = images.length;
  const { swiper, index } = useSwiper(el, {
    label: "Product images",
    resetKey: count,
    swipeThresholdPx: SWIPE_THRESHOLD_PX,
  });

  return (
    <div
      className="flex flex-col gap-3"
      role="region"
      aria-roledescription="carousel"
      aria-label="Product images"
    >
      {/* The same fixed square box before and after Swiper starts: only what is inside it moves. */}
      <div className="relative aspect-square w-full overflow-hidden rounded-xl bg-gray-50">
        <div ref={el} className="swiper h-full">
          {/* Until Swiper starts, the strip scrolls: the keyboard must be able to reach it. */}
          <div className="swiper-wrapper" tabIndex={swiper ? undefined : 0}>
            {images.map((img, i) => (
              <div key={`${img}-${i}`} id={`photo-${i + 1}`} className="swiper-slide">
                <img
                  src={imageUrl(img, 1024)}
                  srcSet={imageSrcSet(img)}
                  sizes="(min-width: 768px) 50vw, 100vw"
                  width={1024}
                  height={1024}
                  alt={`${alt}, ${i + 1} of ${count}`}
                  draggable={false}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  className="h-full w-full select-none object-contain"
                />
              </div>
            ))}
          </div>
        </div>
        {swiper && count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => swiper.slidePrev()}
              aria-label="Previous image"
              className={`${ARROW} left-2`}
            >
              ‹
            </button>
            <button
              type="button"
              onClick={() => swiper.slideNext()}
              aria-label="Next image"
              className={`${ARROW} right-2`}
            >
              ›
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="flex justify-center gap-1">
          {images.map((_, i) =>
            swiper ? (
              <button
                key={i}
                type="button"
                onClick={() => swiper.slideTo(i)}
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                className={DOT_TARGET}
              >
                <span className={`${DOT} ${i === index ? "bg-ink-900" : "bg-gray-400"}`} />
              </button>
            ) : (
              <a
                key={i}
                href={`#photo-${i + 1}`}
                aria-label={`Show image ${i + 1}`}
                className={DOT_TARGET}
              >
                <span className={`${DOT} bg-gray-400`} />
              </a>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}

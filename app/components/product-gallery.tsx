import { useEffect, useRef, useState, type PointerEvent } from "react";
import { imageSrcSet, imageUrl } from "~/utils/images";

export const SWIPE_THRESHOLD_PX = 50;

/** A 12 px dot inside a 32 px tap target (targets of at least 24 px, so a thumb can hit them). */
const DOT_TARGET = "flex h-8 w-8 items-center justify-center rounded-full";
const DOT = "block h-3 w-3 rounded-full";

/**
 * The images of the chosen colour. Without JavaScript: a scroll-snap strip with anchor dots.
 * With it: one image at a time, a swipe of 50 px or more moves by one, arrows on wide screens, dots.
 */
export function ProductGallery({ images, alt }: { images: (string | null)[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const start = useRef<number | null>(null);
  useEffect(() => setHydrated(true), []);
  const key = images.join("|");
  useEffect(() => setIndex(0), [key]);
  const count = images.length;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (start.current === null) return;
    const dx = e.clientX - start.current;
    start.current = null;
    if (dx <= -SWIPE_THRESHOLD_PX) go(index + 1);
    else if (dx >= SWIPE_THRESHOLD_PX) go(index - 1);
  };

  return (
    <div className="flex flex-col gap-3" role="region" aria-roledescription="carousel" aria-label="Product images">
      {/* The same fixed square box before and after hydration: only what is inside it changes, so nothing moves. */}
      <div
        className={`relative aspect-square w-full overflow-hidden rounded-xl bg-gray-50 ${hydrated ? "touch-pan-y" : ""}`}
        onPointerDown={hydrated ? onPointerDown : undefined}
        onPointerUp={hydrated ? onPointerUp : undefined}
        onPointerCancel={() => (start.current = null)}
      >
        {hydrated ? (
          <div className="flex h-full transition-transform duration-300 motion-reduce:transition-none" style={{ transform: `translateX(-${index * 100}%)` }}>
            {images.map((img, i) => (
              <img
                key={`${img}-${i}`}
                src={imageUrl(img, 1024)}
                srcSet={imageSrcSet(img)}
                sizes="(min-width: 768px) 50vw, 100vw"
                width={1024}
                height={1024}
                alt={`${alt}, ${i + 1} of ${count}`}
                aria-hidden={i !== index}
                draggable={false}
                loading={i === 0 ? "eager" : "lazy"}
                className="h-full w-full shrink-0 select-none object-contain"
              />
            ))}
          </div>
        ) : (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling strip must be reachable by keyboard
          <div className="flex h-full snap-x snap-mandatory overflow-x-auto" tabIndex={0}>
            {images.map((img, i) => (
              <img
                key={`${img}-${i}`}
                id={`photo-${i + 1}`}
                src={imageUrl(img, 1024)}
                srcSet={imageSrcSet(img)}
                sizes="(min-width: 768px) 50vw, 100vw"
                width={1024}
                height={1024}
                alt={`${alt}, ${i + 1} of ${count}`}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : undefined}
                className="h-full w-full shrink-0 snap-start object-contain"
              />
            ))}
          </div>
        )}
        {hydrated && count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label="Previous image"
              className="absolute left-2 top-1/2 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-xl shadow md:flex"
            >
              ‹
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label="Next image"
              className="absolute right-2 top-1/2 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-xl shadow md:flex"
            >
              ›
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="flex justify-center gap-1">
          {images.map((_, i) =>
            hydrated ? (
              <button
                key={i}
                type="button"
                onClick={() => go(i)}
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                className={DOT_TARGET}
              >
                <span className={`${DOT} ${i === index ? "bg-ink-900" : "bg-gray-400"}`} />
              </button>
            ) : (
              <a key={i} href={`#photo-${i + 1}`} aria-label={`Show image ${i + 1}`} className={DOT_TARGET}>
                <span className={`${DOT} bg-gray-400`} />
              </a>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}

import { useEffect, useRef, type ReactNode } from "react";

/**
 * A slider: on the server and without JavaScript, a horizontal scroll-snap strip (CSS only); in
 * the browser Swiper is loaded on demand and takes the same markup over (loop, autoplay, clickable
 * pagination). Autoplay stays off for people who prefer reduced motion.
 */
export function Slider({
  label,
  slides,
  autoplayMs,
  className = "",
}: {
  label: string;
  slides: ReactNode[];
  autoplayMs?: number;
  className?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const pagination = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let instance: { destroy: (deleteInstance?: boolean, cleanStyles?: boolean) => void } | undefined;
    (async () => {
      const { Swiper, Autoplay, Pagination, A11y } = await import("./swiper-parts.client");
      if (cancelled || !root.current) return;
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      instance = new Swiper(root.current, {
        modules: [Autoplay, Pagination, A11y],
        loop: slides.length > 2,
        slidesPerView: 1,
        autoplay: autoplayMs && !reduceMotion ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false,
        pagination: { el: pagination.current, clickable: true },
        a11y: { enabled: true },
      });
      root.current.dataset.ready = "true";
    })().catch(() => {
      // The scroll-snap strip stays usable if the script cannot load.
    });
    return () => {
      cancelled = true;
      instance?.destroy(true, true);
    };
  }, [autoplayMs, slides.length]);

  return (
    <div ref={root} role="region" aria-roledescription="carousel" aria-label={label} className={`swiper snap-strip relative ${className}`}>
      <div className="swiper-wrapper">
        {slides.map((slide, i) => (
          <div key={i} className="swiper-slide" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`}>
            {slide}
          </div>
        ))}
      </div>
      <div ref={pagination} className="swiper-pagination" />
    </div>
  );
}

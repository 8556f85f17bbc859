import { useEffect, useRef, useState, type ReactNode } from "react";
import { useSwiper } from "./use-swiper";
import "./slider.css";

const WIDE = "(min-width: 768px)";

/**
 * A Swiper slider on a scroll-snap strip. The server renders Swiper's own markup (`swiper`,
 * `swiper-wrapper`, `swiper-slide`), which `slider.css` makes a horizontal scroll-snap strip: swiping,
 * the trackpad and the keyboard scroll it without JavaScript, and every slide's links are there.
 * In the browser Swiper takes over the same boxes (see `useSwiper`) and the slider gets clickable dots;
 * `autoplayMs` advances it on its own, rewinding from the last slide to the first.
 *
 * `wideCount`: screens 768 px and wider show only the first `wideCount` slides (phones get them all).
 */
export function Slider({
  label,
  slides,
  autoplayMs,
  wideCount,
  className = "",
}: {
  label: string;
  slides: ReactNode[];
  autoplayMs?: number;
  wideCount?: number;
  className?: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  // Server and first render: every slide (the phone-only ones hidden by CSS on wide screens). Then a wide
  // screen drops the phone-only slides, so Swiper, its dots and its rewind see only the ones on show.
  const [wide, setWide] = useState(false);
  useEffect(() => {
    if (wideCount === undefined) return;
    const query = window.matchMedia(WIDE);
    const update = () => setWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [wideCount]);
  const shown = wide && wideCount !== undefined ? slides.slice(0, wideCount) : slides;
  const count = shown.length;
  const { swiper, index } = useSwiper(el, { label, autoplayMs, resetKey: count });

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative ${className}`}
    >
      <div ref={el} className="swiper">
        <div className="swiper-wrapper">
          {shown.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              className={`swiper-slide ${wideCount !== undefined && i >= wideCount ? "slide-phone-only" : ""}`}
            >
              {slide}
            </div>
          ))}
        </div>
        {/* Inside Swiper's element, so hovering over the dots holds autoplay too. */}
        {swiper && count > 1 ? (
          <div className="swiper-no-swiping absolute inset-x-0 bottom-2 z-10 flex justify-center gap-1">
            {shown.map((_, i) => (
              <button
                key={i}
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                onClick={() => swiper.slideTo(i)}
                className="flex h-8 w-8 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-2.5 w-2.5 rounded-full ring-1 ring-black/40 ${i === index ? "bg-white" : "bg-white/50"}`}
                />
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

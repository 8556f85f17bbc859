import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A slider on a horizontal scroll-snap strip: swiping, the trackpad and the keyboard scroll it with CSS alone
 * (so it works the same without JavaScript). With JavaScript it adds clickable dots and autoplay that loops
 * back to the first slide; autoplay pauses while the pointer or focus is inside, and stays off for people
 * who prefer reduced motion. (Swiper did this for 26 kB of script; it also hung the accessibility audits.)
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
  const track = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [current, setCurrent] = useState(0);
  const paused = useRef(false);
  const count = slides.length;
  useEffect(() => setHydrated(true), []);

  const goTo = (i: number) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollTo({ left: ((i + count) % count) * el.clientWidth, behavior: reduce ? "auto" : "smooth" });
  };

  useEffect(() => {
    if (!autoplayMs || count < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => {
      const el = track.current;
      if (!el || paused.current || document.hidden) return;
      goTo(Math.round(el.scrollLeft / el.clientWidth) + 1);
    }, autoplayMs);
    return () => window.clearInterval(timer);
    // goTo only reads refs and `count`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoplayMs, count]);

  const pause = (value: boolean) => () => {
    paused.current = value;
  };

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={hydrated ? "true" : undefined}
      className={`relative ${className}`}
      onPointerEnter={pause(true)}
      onPointerLeave={pause(false)}
      onFocus={pause(true)}
      onBlur={pause(false)}
    >
      <div
        ref={track}
        className="snap-strip flex snap-x snap-mandatory overflow-x-auto"
        onScroll={(e) => setCurrent(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}
      >
        {slides.map((slide, i) => (
          <div
            key={i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            className="w-full shrink-0 snap-start"
          >
            {slide}
          </div>
        ))}
      </div>
      {hydrated && count > 1 ? (
        <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === current ? "true" : undefined}
              onClick={() => goTo(i)}
              className="flex h-8 w-8 items-center justify-center rounded-full"
            >
              <span
                className={`block h-2.5 w-2.5 rounded-full ring-1 ring-black/40 ${i === current ? "bg-white" : "bg-white/50"}`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

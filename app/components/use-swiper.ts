import { useEffect, useState, type RefObject } from "react";
import type { Swiper as SwiperInstance, SwiperOptions } from "swiper/types";

/** Every drag, quick or slow, is judged by its length (Swiper's "long swipe" with no minimum time). */
const swipeOptions = (px: number | undefined): SwiperOptions => (px ? { longSwipesMs: 0 } : {});

/** Swiper measures a long swipe as a share of the slide's width: keep it at `px` whatever the screen. */
function applySwipeThreshold(swiper: SwiperInstance, px: number | undefined) {
  if (px && swiper.width > 0) swiper.params.longSwipesRatio = Math.min(px / swiper.width, 0.5);
}

/** Runs `fn` when the browser is idle (within a second at most); returns a function that cancels it. */
function whenIdle(fn: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(fn, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(fn, 1);
  return () => clearTimeout(handle);
}

export type SliderState = {
  /** The running Swiper, or null before it has loaded (and always without JavaScript). */
  swiper: SwiperInstance | null;
  /** The index of the slide in view. */
  index: number;
};

/**
 * Turns the server-rendered scroll-snap strip in `ref` (a `.swiper` element holding a `.swiper-wrapper`
 * of `.swiper-slide`s) into a Swiper once the page runs: Swiper is imported here, in an effect, so only
 * pages with a slider load it. Swiper moves the slides with `transform` on the same boxes the strip
 * had, so nothing shifts when it starts.
 *
 * `rewind` rather than `loop` goes from the last slide back to the first: no cloned or re-ordered
 * slides, so the DOM holds still for assistive technology. Autoplay never runs for people who prefer
 * reduced motion, and stops while the slider is off screen, the tab is hidden, or keyboard focus is
 * inside it. If the script cannot load, the scroll-snap strip stays as it is.
 *
 * `resetKey` starts a new Swiper when the slides change (their number, or the product's colour).
 */
export function useSwiper(
  ref: RefObject<HTMLElement | null>,
  {
    label,
    autoplayMs,
    swipeThresholdPx,
    resetKey,
  }: {
    label: string;
    autoplayMs?: number;
    /** A drag of this many pixels or more moves by one slide, a shorter one springs back. */
    swipeThresholdPx?: number;
    resetKey: string | number;
  },
): SliderState {
  const [state, setState] = useState<SliderState>({ swiper: null, index: 0 });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let swiper: SwiperInstance | null = null;
    let cancelled = false;
    const cleanups: (() => void)[] = [];

    // Load, then start, each when the main thread is idle: hydration and first input come first, and
    // no single long task carries the download, Swiper's evaluation and two sliders' set-up together.
    const load = () =>
      import("./swiper.client").then(
        (parts) => cleanups.push(whenIdle(() => start(parts))),
        () => {
          // No Swiper (offline, blocked): the strip keeps working on its own.
        },
      );
    const start = ({ A11y, Autoplay, Swiper }: typeof import("./swiper.client")) => {
      if (cancelled || !el.isConnected) return;
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const wrapper = el.querySelector<HTMLElement>(".swiper-wrapper");
      // Start where the shopper has already scrolled the strip to, then hand the scrolling to Swiper.
      const initialSlide =
        wrapper && wrapper.clientWidth > 0
          ? Math.round(wrapper.scrollLeft / wrapper.clientWidth)
          : 0;
      if (wrapper) wrapper.scrollLeft = 0;
      const autoplay = Boolean(autoplayMs) && !reduceMotion;

      swiper = new Swiper(el, {
        modules: autoplay ? [A11y, Autoplay] : [A11y],
        rewind: true,
        initialSlide,
        speed: reduceMotion ? 0 : 400,
        autoplay: autoplay
          ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true }
          : false,
        a11y: {
          enabled: true,
          containerMessage: null,
          itemRoleDescriptionMessage: "slide",
          slideLabelMessage: "{{index}} of {{slidesLength}}",
          firstSlideMessage: `${label}: first slide`,
          lastSlideMessage: `${label}: last slide`,
        },
        ...swipeOptions(swipeThresholdPx),
        on: {
          slideChange: (s) => setState({ swiper: s, index: s.activeIndex }),
          resize: (s) => applySwipeThreshold(s, swipeThresholdPx),
        },
      });
      applySwipeThreshold(swiper, swipeThresholdPx);
      setState({ swiper, index: swiper.activeIndex });

      if (autoplay) {
        // Autoplay runs only while the slider is on screen, the tab is visible and focus is elsewhere.
        let onScreen = true;
        let focused = false;
        const sync = () => {
          if (!swiper || swiper.destroyed) return;
          const run = onScreen && !focused && document.visibilityState === "visible";
          if (run && !swiper.autoplay.running) swiper.autoplay.start();
          else if (!run && swiper.autoplay.running) swiper.autoplay.stop();
        };
        const observer = new IntersectionObserver((entries) => {
          onScreen = entries.some((e) => e.isIntersecting);
          sync();
        });
        observer.observe(el);
        // Keyboard focus anywhere in the carousel (slides or dots) holds it still; a click on a dot does not.
        const root = el.closest<HTMLElement>('[aria-roledescription="carousel"]') ?? el;
        const onFocusIn = (e: FocusEvent) => {
          focused = e.target instanceof Element && e.target.matches(":focus-visible");
          sync();
        };
        const onFocusOut = (e: FocusEvent) => {
          if (!root.contains(e.relatedTarget as Node | null)) focused = false;
          sync();
        };
        root.addEventListener("focusin", onFocusIn);
        root.addEventListener("focusout", onFocusOut);
        document.addEventListener("visibilitychange", sync);
        cleanups.push(() => {
          observer.disconnect();
          root.removeEventListener("focusin", onFocusIn);
          root.removeEventListener("focusout", onFocusOut);
          document.removeEventListener("visibilitychange", sync);
        });
      }
    };
    cleanups.push(whenIdle(() => void load()));

    return () => {
      cancelled = true;
      for (const cleanup of cleanups) cleanup();
      swiper?.destroy(true, true);
      setState({ swiper: null, index: 0 });
    };
    // The options are fixed per slider; a new Swiper starts only when the slides change.
  }, [resetKey]);

  return state;
}

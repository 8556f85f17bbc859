import { Link } from "@remix-run/react";
import { Slider } from "./slider";

export const HERO_AUTOPLAY_MS = 3000;

export const HERO_SLIDES = [
  {
    title: "Built for the long way round",
    description: "Wheels, winches and suspension for Indian 4x4s.",
    link: "/all-products",
    cta: "Shop all parts",
  },
  {
    title: "Method Race Wheels",
    description: "Forged for rock, sand and corrugations.",
    link: "/category/wheels",
    cta: "Shop wheels",
  },
  {
    title: "Recover with confidence",
    description: "WARN winches and ARB recovery gear.",
    link: "/category/winches",
    cta: "Shop winches",
  },
  {
    title: "Light up the trail",
    description: "Driving lights and light bars for night runs.",
    link: "/category/lights",
    cta: "Shop lights",
  },
  {
    title: "Lift, level, go further",
    description: "Old Man Emu suspension, tuned for load.",
    link: "/category/suspension",
    cta: "Shop suspension",
  },
  // Phones only: six slides there, five on wider screens (the spec's two sets of hero images).
  {
    title: "Feet on the trail",
    description: "Vibram FiveFingers for river crossings and camp.",
    link: "/category/vibram_fivefingers",
    cta: "Shop footwear",
  },
] as const;

/** Screens 768 px and wider show the first five slides; phones show all six. */
export const HERO_WIDE_COUNT = 5;

/**
 * The home page hero: each slide picks its phone or wide artwork by media query (no resize code),
 * 400 px tall on phones and 450 px from 768 px up. The first slide loads eagerly, the rest lazily.
 * The sixth slide is for phones only, so it has no wide artwork.
 */
export function HeroSlider() {
  const slides = HERO_SLIDES.map((s, i) => (
    <div key={s.title} className="relative h-[400px] md:h-[450px]">
      <picture>
        {i < HERO_WIDE_COUNT ? (
          <source
            media="(min-width: 768px)"
            srcSet={`/art/hero/desktop-${i + 1}.svg`}
            width={1600}
            height={450}
          />
        ) : null}
        <img
          src={`/art/hero/mobile-${i + 1}.svg`}
          width={768}
          height={400}
          alt=""
          loading={i === 0 ? "eager" : "lazy"}
          fetchPriority={i === 0 ? "high" : undefined}
          decoding={i === 0 ? "sync" : "async"}
          className="absolute inset-0 h-full w-full object-cover"
        />
      </picture>
      <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center gap-3 px-6 text-white md:px-10">
        {i === 0 ? (
          <h1 className="max-w-xl text-3xl font-extrabold drop-shadow md:text-5xl">{s.title}</h1>
        ) : (
          <h2 className="max-w-xl text-3xl font-extrabold drop-shadow md:text-5xl">{s.title}</h2>
        )}
        <p className="max-w-md text-lg drop-shadow">{s.description}</p>
        <Link
          to={s.link}
          className="w-fit rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
        >
          {s.cta}
        </Link>
      </div>
    </div>
  ));
  return (
    <Slider
      label="Featured"
      slides={slides}
      autoplayMs={HERO_AUTOPLAY_MS}
      wideCount={HERO_WIDE_COUNT}
      className="bg-ink-900"
    />
  );
}

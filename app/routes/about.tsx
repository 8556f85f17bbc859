import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "About us",
    description:
      "Who we are: an Indian overland shop representing Old Man Emu, WARN, Method Race Wheels and ARB.",
    path: "/about",
    image: "/art/about/hero.svg",
  });

export default function About() {
  return (
    <>
      <div className="relative h-64 overflow-hidden bg-ink-900 md:h-[450px]">
        <img
          src="/art/about/hero.svg"
          alt=""
          width={1600}
          height={450}
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover"
        />
        <div className="relative mx-auto flex h-full max-w-7xl items-end px-4 pb-8">
          <h1 className="text-4xl font-extrabold text-white drop-shadow md:text-6xl">About us</h1>
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 md:grid-cols-2">
        <div className="flex flex-col gap-10">
          <section aria-labelledby="who">
            <h2 id="who" className="text-2xl font-extrabold">
              Who We Are
            </h2>
            <p className="mt-3 text-gray-700">
              We are a team of overlanders and mechanics who have spent years on India's back roads,
              from the Spiti valley to the Rann of Kutch. We sell the gear we trust on our own
              trucks, and we help you choose it.
            </p>
          </section>
          <section aria-labelledby="mission">
            <h2 id="mission" className="text-2xl font-extrabold">
              Our Mission
            </h2>
            <p className="mt-3 text-gray-700">
              To make proven off-road equipment easy to buy in India: honest prices in rupees, parts
              that fit the vehicles people really drive, and advice from people who use them.
            </p>
          </section>
          <section aria-labelledby="why">
            <h2 id="why" className="text-2xl font-extrabold">
              Why Choose Overland 4x4 Gear
            </h2>
            <p className="mt-3 text-gray-700">
              We represent Old Man Emu, WARN, Method Race Wheels and ARB, alongside NOCO Genius and
              Safari Snorkel. Every part is genuine, covered by its maker's warranty, and checked
              for fitment before it ships.
            </p>
            <Link
              to="/contactus"
              className="mt-4 inline-block rounded-md bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Talk to us
            </Link>
          </section>
        </div>
        <img
          src="/art/about/team.svg"
          alt="A 4x4 with a roof rack parked below the mountains at dusk"
          width={800}
          height={500}
          loading="lazy"
          className="w-full rounded-xl object-cover"
        />
      </div>
    </>
  );
}

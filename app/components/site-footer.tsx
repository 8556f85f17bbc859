import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Logo } from "./site-header";

export const FOOTER_MAKES = ["Toyota", "Maruti", "Jeep", "Isuzu", "Mitsubishi", "Ford"] as const;

export type NewsletterResult =
  { ok: true; message: string } | { ok: false; errors: { email?: string }; email: string };

/** The e-mail sign-up: a plain POST to /newsletter, or a fetcher with JavaScript. */
export function NewsletterForm({ id = "footer-newsletter" }: { id?: string }) {
  const fetcher = useFetcher<NewsletterResult>();
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = result && !result.ok ? result.errors.email : undefined;
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/newsletter"
      className="flex flex-col gap-2"
      noValidate
    >
      <label htmlFor={`${id}-email`} className="font-semibold text-white">
        Get deals and new arrivals by e-mail
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          placeholder="Your email address"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded-md border border-white/20 bg-white/10 px-3 py-2 text-white placeholder:text-gray-400"
        />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Sign Up
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
      {result?.ok ? (
        <p role="status" className="text-sm text-emerald-300">
          {result.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The year the shop opened: its copyright runs from it. */
const FIRST_YEAR = 2024;

/** `brands`: the featured brands, from the database. */
export function SiteFooter({
  year,
  brands,
}: {
  year: number;
  brands: { slug: string; name: string }[];
}) {
  return (
    <footer className="mt-16 bg-ink-900 text-sm text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="flex flex-col gap-3 lg:col-span-1">
          <div className="text-white">
            <Logo />
          </div>
          <p>
            Wheels, winches, suspension and recovery gear for Indian 4x4s, from brands that have
            earned their name off road.
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-col gap-2">
          <h2 className="font-semibold text-white">Shop</h2>
          <Link to="/brands" className="hover:text-white">
            Brands
          </Link>
          <Link to="/vehicles" className="hover:text-white">
            Vehicles
          </Link>
          <Link to="/about" className="hover:text-white">
            About
          </Link>
          <Link to="/contactus" className="hover:text-white">
            Contact Us
          </Link>
          <Link to="/terms" className="hover:text-white">
            Terms &amp; Conditions
          </Link>
          <Link to="/privacy" className="hover:text-white">
            Privacy Policy
          </Link>
        </nav>
        <div className="flex flex-col gap-2">
          <h2 className="font-semibold text-white">Brands</h2>
          <ul className="flex flex-col gap-2">
            {brands.map((b) => (
              <li key={b.slug}>
                <Link to={`/${b.slug}`} className="hover:text-white">
                  {b.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-2">
          <h2 className="font-semibold text-white">Vehicle makes</h2>
          <ul className="flex flex-col gap-2">
            {FOOTER_MAKES.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <h2 className="mt-4 font-semibold text-white">Sale hours</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt>Mon-Fri</dt>
            <dd>09:00AM-09:00PM</dd>
            <dt>Saturday</dt>
            <dd>09:00AM-07:00PM</dd>
            <dt>Sunday</dt>
            <dd>Closed</dd>
          </dl>
        </div>
        <NewsletterForm />
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs">
        {/* The shop's first year (the spec's 2024) to this one. */}
        Copyright © {year > FIRST_YEAR ? `${FIRST_YEAR}–${year}` : FIRST_YEAR} Overland 4x4 Gear.
        All rights reserved.
      </p>
    </footer>
  );
}

import { Form, useLocation } from "@remix-run/react";
import { Cached } from "./cached";

export type VehicleOption = { slug: string; name: string };

/**
 * "Shop by vehicle": the shopper picks a vehicle once, kept in a cookie; listings and product pages
 * then say whether a part fits it. A plain POST form inside <details>, so it works without JavaScript.
 */
export function VehiclePicker({
  vehicles,
  current,
  id = "vehicle-picker",
}: {
  vehicles: VehicleOption[];
  current: VehicleOption | null;
  id?: string;
}) {
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <details className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 text-sm hover:bg-white/10 [&::-webkit-details-marker]:hidden">
        <CarIcon />
        <span className="sr-only max-w-48 truncate sm:not-sr-only">
          {current ? `My vehicle: ${current.name}` : "Select your vehicle"}
        </span>
      </summary>
      {/* On a phone the summary sits mid-header: the panel spans the screen instead of hanging
          off its left edge. */}
      <div className="fixed inset-x-3 top-14 z-50 rounded-lg bg-white p-4 text-ink-900 shadow-xl ring-1 ring-black/10 sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-72">
        <Form method="post" action="/vehicle" className="flex flex-col gap-3">
          <input type="hidden" name="redirectTo" value={back} />
          {/* The list of every vehicle is the same on every page: cached per chosen vehicle (and
              per length: an error page without the root's data lists none). */}
          <Cached name="vehicle-picker" keys={[id, current?.slug ?? null, vehicles.length]}>
            <label htmlFor={`${id}-select`} className="text-sm font-semibold">
              Your vehicle
            </label>
            <select
              id={`${id}-select`}
              name="vehicle"
              defaultValue={current?.slug ?? ""}
              className="rounded-md border border-gray-300 px-2 py-2 text-sm"
            >
              <option value="">No vehicle (show everything)</option>
              {vehicles.map((v) => (
                <option key={v.slug} value={v.slug}>
                  {v.name}
                </option>
              ))}
            </select>
            <button
              type="submit"
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Save vehicle
            </button>
            <p className="text-xs text-gray-600">
              We mark the parts that fit it. No account needed.
            </p>
          </Cached>
        </Form>
      </div>
    </details>
  );
}

export function CarIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M3 13l2-5a2 2 0 0 1 2-1.3h10A2 2 0 0 1 19 8l2 5v4a1 1 0 0 1-1 1h-1M3 13v4a1 1 0 0 0 1 1h1M3 13h18" />
      <circle cx="7" cy="17" r="2" />
      <circle cx="17" cy="17" r="2" />
      <path d="M9 17h6" />
    </svg>
  );
}

const STEPS = ["Address", "Summary", "Payment"] as const;

/** The three checkout steps; the current one is marked for screen readers too. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol
      aria-label="Checkout steps"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm sm:gap-4"
    >
      {STEPS.map((label, i) => {
        const n = i + 1;
        const state = n < current ? "done" : n === current ? "current" : "todo";
        return (
          <li
            key={label}
            aria-current={state === "current" ? "step" : undefined}
            className="flex items-center gap-2"
          >
            <span
              aria-hidden="true"
              className={`flex size-7 items-center justify-center rounded-full text-xs font-bold ${
                state === "todo" ? "bg-gray-200 text-gray-600" : "bg-ink-900 text-white"
              }`}
            >
              {state === "done" ? "✓" : n}
            </span>
            <span className={state === "current" ? "font-semibold text-ink-900" : "text-gray-600"}>
              {label}
            </span>
            {n < STEPS.length ? (
              <span aria-hidden="true" className="mx-1 hidden h-px w-12 bg-gray-300 sm:block" />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * A slim bar at the top of the page while a navigation or a form post is pending. It appears only
 * after a short delay, so quick answers do not flash it.
 */
export function ProgressBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state === "submitting");
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 120);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!visible}
      data-busy={busy ? "true" : "false"}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden transition-opacity duration-200 ${
        visible ? "opacity-100" : "opacity-0"
      }`}
    >
      <div className="progress-indeterminate h-full w-1/3 bg-brand-500" />
    </div>
  );
}

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A heading that fades in once, the first time it is entirely in view. Without JavaScript, or for
 * people who prefer reduced motion (see tailwind.css), it is simply shown.
 */
export function RevealHeading({
  id,
  children,
  className = "",
}: {
  id: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const [shown, setShown] = useState<"true" | "false" | undefined>(undefined);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const rect = el.getBoundingClientRect();
    if (rect.top >= 0 && rect.bottom <= window.innerHeight) return; // already fully in view
    setShown("false");
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.intersectionRatio >= 0.99)) {
          setShown("true");
          observer.disconnect();
        }
      },
      { threshold: [0.99] },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <h2 ref={ref} id={id} data-shown={shown} className={`reveal-heading ${className}`}>
      {children}
    </h2>
  );
}

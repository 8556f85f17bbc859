import { formatPaise } from "~/utils/money";

/** Every price on the site goes through here. */
export function Price({ paise, className }: { paise: number; className?: string }) {
  return (
    <data value={(paise / 100).toFixed(2)} className={className}>
      {formatPaise(paise)}
    </data>
  );
}

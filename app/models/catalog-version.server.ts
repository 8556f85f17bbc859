/**
 * A counter that changes whenever the catalogue changes (an admin creates, edits or deletes a
 * product; stock moves). Caches of catalogue-derived data key on it, so they never serve stale data.
 */
type Listener = () => void;

let version = 1;
const listeners = new Set<Listener>();

export function catalogVersion(): number {
  return version;
}

export function bumpCatalogVersion(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function onCatalogChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

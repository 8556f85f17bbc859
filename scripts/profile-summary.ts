/**
 * Reads a V8 CPU profile (`npm run bench -- --profile DIR`, or `node --cpu-prof`) and prints where
 * the busy time went: by package, by function (its own time), and the time under each function
 * whose name matches PATTERN (itself and what it calls).
 *
 *   npx tsx scripts/profile-summary.ts FILE.cpuprofile [PATTERN]
 */
import fs from "node:fs";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, pattern] = process.argv.slice(2);
if (!file) {
  console.error("usage: tsx scripts/profile-summary.ts FILE.cpuprofile [PATTERN]");
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) =>
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
);

const shortUrl = (url: string) => url.replace(/.*node_modules\//, "").replace(/.*\/build\//, "");
const packageOf = ({ url, functionName }: Node["callFrame"]) => {
  if (!url) return functionName;
  if (url.includes("node_modules/")) {
    const parts = shortUrl(url).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return url.startsWith("node:") ? url : `app ${shortUrl(url)}`;
};
const functionOf = (f: Node["callFrame"]) =>
  `${f.functionName || "(anonymous)"} ${shortUrl(f.url)}:${f.lineNumber + 1}`;

let busy = 0;
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
const under = new Map<string, number>();
const matcher = pattern ? new RegExp(pattern) : null;
for (const [id, time] of selfTime) {
  const frame = byId.get(id)!.callFrame;
  if (frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
  busy += time;
  byPackage.set(packageOf(frame), (byPackage.get(packageOf(frame)) ?? 0) + time);
  byFunction.set(functionOf(frame), (byFunction.get(functionOf(frame)) ?? 0) + time);
  if (!matcher) continue;
  // Each matching function on this sample's stack counts the sample once.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const name = functionOf(byId.get(at)!.callFrame);
    if (!seen.has(name) && matcher.test(name)) under.set(name, (under.get(name) ?? 0) + time);
    seen.add(name);
  }
}

const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, t]) => `${((t / busy) * 100).toFixed(1).padStart(6)}%  ${name}`)
    .join("\n");
console.log(`busy: ${(busy / 1000).toFixed(0)} ms\n\nby package (own time)\n${top(byPackage, 20)}`);
console.log(`\nby function (own time)\n${top(byFunction, 30)}`);
if (matcher) console.log(`\nunder /${pattern}/ (with what they call)\n${top(under, 30)}`);

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Races worker processes on one database (a SQLite file or a PostgreSQL URL): starts `node --import tsx WORKER DB GO ...args` once per
 * argument list, waits until every one has printed "ready" (connection open, statements warm), then
 * creates the GO file so they all start at once. Each worker's last output line is a JSON array of
 * its results; the arrays are joined in the order of `argLists`.
 */
export async function raceProcesses<T>(
  worker: string,
  dbFile: string,
  argLists: string[][],
): Promise<T[]> {
  const goFile = path.join(os.tmpdir(), `shop-go-${process.pid}-${Date.now()}`);
  const procs = argLists.map((args) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.resolve("tests/support", worker), dbFile, goFile, ...args],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    const ready = new Promise<void>((resolve) =>
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("ready\n")) resolve();
      }),
    );
    const done = new Promise<string>((resolve, reject) =>
      child.on("exit", (code) =>
        code === 0 ? resolve(out) : reject(new Error(`${worker} exited ${code}`)),
      ),
    );
    return { ready, done };
  });
  await Promise.all(procs.map((p) => p.ready));
  fs.writeFileSync(goFile, "go");
  const outputs = await Promise.all(procs.map((p) => p.done));
  fs.rmSync(goFile, { force: true });
  return outputs.flatMap((o) => JSON.parse(o.split("\n").filter(Boolean).at(-1)!) as T[]);
}

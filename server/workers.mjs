// Several server processes on one port (node:cluster): SHOP_WORKERS of them, by default one per
// core, capped by memory. The primary holds the data folder's lock, forks the workers and watches
// them; it answers no request itself.
//
// - The first worker starts alone: it migrates and seeds the database before the others fork, and
//   it is the one that runs the background jobs (SHOP_BACKGROUND_JOBS, read by app/boot.server.ts).
//   A worker that dies is forked again with the same number.
// - The primary listens on the port and hands each new connection to the worker that holds the
//   fewest open ones (ties in turn). Node's own sharing gives a connection to whichever worker
//   acknowledged its last one first, so a busy worker got fewer: 32 keep-alive connections (a
//   proxy's pool, the benchmark) were split 19 to 13, and the requests on the 19 waited longer.
// - SIGTERM (or SIGINT) to the primary stops every worker the graceful way (each finishes the
//   requests it took), then the primary exits. A worker stops the same way when the primary
//   disconnects it, which the primary does after the last connection it handed to that worker.
// - SIGUSR2 to the primary logs one line of figures summed over the workers (and each worker's).
// - The catalogue version is a row of the database, so an edit through one worker empties every
//   worker's page cache before its next request (app/models/catalog-version.server.ts).
import cluster from "node:cluster";
import net from "node:net";
import os from "node:os";
import { log } from "./log.mjs";

/** What one worker may take: its heap, the app and a full page cache (64 MB). */
const MEMORY_PER_WORKER = 256 * 1024 * 1024;

/**
 * The memory this service may use: its cgroup's limit (systemd's MemoryMax) when there is one and it
 * is below the machine's, else the machine's.
 */
function availableMemory() {
  const limit = process.constrainedMemory?.() ?? 0;
  const total = os.totalmem();
  return limit > 0 && limit < total ? limit : total;
}

/**
 * How many server processes share the port: SHOP_WORKERS, else one per core, at most as many as
 * half the memory this service may use holds; 1 means a single process (no cluster).
 * @param {string | undefined} value SHOP_WORKERS
 */
export function workerCount(value, cores = os.availableParallelism(), memory = availableMemory()) {
  if (value !== undefined && value.trim() !== "") {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 64)
      throw new Error(`SHOP_WORKERS must be a whole number from 1 to 64, not "${value}"`);
    return n;
  }
  return Math.max(1, Math.min(cores, Math.floor(memory / 2 / MEMORY_PER_WORKER)));
}

/**
 * The V8 heap each worker may grow to, in MB: 60% of its share of half the memory (the rest is
 * code, buffers and SQLite's cache), from 96 MB to 1 GB. Left to itself V8 sizes the heap from the
 * machine's memory, not from how many processes share it: on a 1 GB VPS two workers could each
 * grow towards 256 MB of heap alone. None when NODE_OPTIONS or the command line already sets one.
 */
export function workerHeapLimitMb(
  count,
  memory = availableMemory(),
  flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" "),
) {
  if (/--max-old-space-size/.test(flags)) return undefined;
  const share = memory / 2 / count / (1024 * 1024);
  return Math.round(Math.min(1024, Math.max(96, share * 0.6)));
}

/**
 * The V8 flags a worker starts with: its heap cap, and a young generation of 8 MB semi-spaces
 * (V8's default is 16): a page's garbage dies young either way, and each worker keeps about
 * 10-15 MB less resident under load. 4 MB saved more but cost a plain HTTP server half its
 * requests a second (a scavenge every few hundred requests). Flags already given (NODE_OPTIONS,
 * the command line) win.
 */
export function workerExecArgv(
  count,
  memory = availableMemory(),
  flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" "),
) {
  const heapMb = workerHeapLimitMb(count, memory, flags);
  return [
    ...(heapMb ? [`--max-old-space-size=${heapMb}`] : []),
    ...(/--max-semi-space-size/.test(flags) ? [] : ["--max-semi-space-size=8"]),
  ];
}

/**
 * What worker `n` finds in its environment beyond the primary's: its number, whether it runs the
 * background jobs, and glibc's malloc held to two arenas (MALLOC_ARENA_MAX, unless set). By default
 * every thread that allocates (V8's helpers, libuv's pool compressing a large answer) gets an arena
 * of its own, and memory freed in one is never reused by another: two arenas kept each worker
 * about 7 MB smaller after the benchmark's pages, for no measurable cost.
 * @param {number} n
 * @param {Record<string, string | undefined>} [env]
 */
export function workerEnv(n, env = process.env) {
  return {
    SHOP_WORKER: String(n),
    SHOP_BACKGROUND_JOBS: n === 1 ? "on" : "off",
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || "2",
  };
}

/** The figures of one process, for SIGUSR2. */
export function processStats(pageCache) {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  const cache = pageCache
    ? { entries: pageCache.size, bytes: pageCache.bytes, ...pageCache.stats }
    : null;
  return { rss, heapUsed, heapTotal, external, cache };
}

/** Sums the workers' figures (numbers at the top level and in `cache`). */
export function sumStats(all) {
  const total = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, cache: null };
  for (const s of all) {
    for (const key of ["rss", "heapUsed", "heapTotal", "external"]) total[key] += s[key];
    if (s.cache) {
      total.cache ??= {};
      for (const [key, value] of Object.entries(s.cache))
        total.cache[key] = (total.cache[key] ?? 0) + value;
    }
  }
  return total;
}

/**
 * In a worker: answers the primary's requests for figures.
 * @param {() => object} stats
 */
export function answerStats(stats) {
  process.on("message", (message) => {
    if (message?.type === "stats")
      process.send?.({ type: "stats", id: message.id, stats: stats() });
  });
}

/**
 * The worker to take a new connection: the one that holds the fewest, ties taken in turn from the
 * one after `last` (the worker that took the previous connection). Undefined when none is ready.
 * @param {Map<number, number>} held ready worker's number -> connections it holds
 * @param {number} last
 */
export function leastBusy(held, last) {
  let best;
  let bestKey = Infinity;
  for (const [n, count] of held) {
    // Workers after `last` come first among equals, then those up to it.
    const key = count * 1e6 + (n > last ? n : n + 1e5);
    if (key < bestKey) [best, bestKey] = [n, key];
  }
  return best;
}

/**
 * In a worker: serves the connections the primary hands over, tells the primary when each one
 * closes, and that this worker is ready. `whenAllClosed` calls back once none is open (a graceful
 * stop waits for that).
 * @param {import("node:http").Server} server
 */
export function serveHandedConnections(server) {
  const open = new Set();
  let allClosed = null;
  // What listen() starts for an HTTP server: the list closeIdleConnections() reads and the timer
  // that enforces headersTimeout and requestTimeout (a client that trickles its request is cut off).
  server.emit("listening");
  process.on("message", (message, socket) => {
    if (message?.type !== "connection" || !socket) return;
    open.add(socket);
    socket.once("close", () => {
      open.delete(socket);
      if (process.connected) process.send({ type: "closed" });
      if (open.size === 0) allClosed?.();
    });
    server.emit("connection", socket);
  });
  if (process.connected) process.send({ type: "ready" });
  return {
    /** @param {() => void} done */
    whenAllClosed(done) {
      if (open.size === 0) done();
      else allClosed = done;
    },
  };
}

/**
 * Runs the primary until its workers have stopped; then the process exits.
 * @param {number} count
 * @param {{ port: number, host: string }} address where the shop listens
 */
export function runPrimary(count, { port, host }) {
  /** @type {Map<number, import("node:cluster").Worker>} worker number -> worker */
  const workers = new Map();
  /** @type {Map<number, number>} ready worker's number -> open connections it holds */
  const held = new Map();
  let lastTaker = 0;
  let stopping = false;
  let listening = false;

  const v8Flags = workerExecArgv(count);
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...v8Flags] });

  // A connection is accepted paused: its first bytes wait in the kernel for the worker that reads it.
  const listener = net.createServer({ pauseOnConnect: true }, (socket) => {
    const n = leastBusy(held, lastTaker);
    if (n === undefined) return socket.destroy();
    lastTaker = n;
    held.set(n, (held.get(n) ?? 0) + 1);
    const worker = workers.get(n);
    worker?.send({ type: "connection" }, socket, (error) => {
      if (!error) return;
      // It never reached the worker (which is going away): not counted, and closed.
      const count = held.get(n);
      if (count && workers.get(n) === worker) held.set(n, count - 1);
      socket.destroy();
    });
  });
  listener.on("error", (error) => {
    log("error", `cannot listen on ${host}:${port}`, { error });
    for (const w of workers.values()) w.kill();
    process.exit(1);
  });

  function fork(n) {
    const worker = cluster.fork(workerEnv(n));
    workers.set(n, worker);
    worker.on("message", (message) => {
      if (workers.get(n) !== worker) return;
      if (message?.type === "closed") {
        const count = held.get(n);
        if (count) held.set(n, count - 1);
      } else if (message?.type === "ready" && !stopping) {
        held.set(n, 0);
        if (!listening) listen();
      } else if (message?.type === "stopping") {
        // The worker was told to stop on its own: it gets no more connections, then the disconnect
        // that tells it the last one has reached it.
        held.delete(n);
        release(worker);
      }
    });
    worker.once("exit", (code, signal) => {
      if (workers.get(n) === worker) {
        workers.delete(n);
        held.delete(n);
      }
      if (stopping) {
        if (workers.size === 0) {
          log("info", "stopped");
          process.exit(0);
        }
        return;
      }
      // A worker that fails before the first one is up (bad environment, a failed migration) fails the start.
      if (!listening) {
        log("error", "the first worker exited while starting", { code, signal });
        for (const w of workers.values()) w.kill();
        process.exit(code || 1);
      }
      log("error", "worker exited: starting another", { worker: n, code, signal });
      setTimeout(() => {
        if (!stopping) fork(n);
      }, 1000).unref();
    });
    return worker;
  }

  /**
   * Disconnects a worker, which then stops: once only (a second disconnect would crash it), after
   * every connection handed to it (messages to a worker keep their order).
   * @param {import("node:cluster").Worker} worker
   */
  function release(worker) {
    if (worker.isConnected() && !worker.exitedAfterDisconnect) worker.disconnect();
  }

  // Once the first worker has migrated the database and is ready: the others start.
  function listen() {
    listening = true;
    listener.listen(port, host, () => {
      log("info", `listening on http://${host}:${port}`, { pid: process.pid, workers: count });
      for (let n = 2; n <= count; n++) fork(n);
    });
  }

  log("info", `starting ${count} workers`, { pid: process.pid, v8Flags });
  fork(1);

  function stop(signal) {
    if (stopping) return;
    stopping = true;
    log("info", "stopping", { signal, workers: workers.size });
    if (workers.size === 0) process.exit(0);
    // One more turn of the event loop first: its poll accepts the connections already waiting in
    // the kernel's backlog (closing the listener would reset them), and hands them over.
    setImmediate(() =>
      setImmediate(() => {
        listener.close();
        held.clear();
        // Queued behind every connection handed over: each worker has them all when it stops.
        for (const worker of workers.values()) release(worker);
      }),
    );
    setTimeout(() => {
      log("error", "workers still running 10 s after the stop signal: exiting anyway");
      process.exit(1);
    }, 10_000).unref();
  }
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stop(signal));

  let statsRound = 0;
  process.on("SIGUSR2", () => {
    const id = ++statsRound;
    const replies = [];
    const live = [...workers.values()].filter((w) => w.isConnected());
    const done = () => {
      const total = sumStats(replies.map((r) => r.stats));
      // The primary's own memory counts in the total RSS (it is small: no app, no cache).
      const primaryRss = process.memoryUsage.rss();
      total.rss += primaryRss;
      log("info", "stats", {
        ...total,
        primaryRss,
        workers: replies.map((r) => ({ worker: r.worker, ...r.stats })),
      });
    };
    for (const [n, worker] of workers) {
      if (!worker.isConnected()) continue;
      const onMessage = (message) => {
        if (message?.type !== "stats" || message.id !== id) return;
        worker.off("message", onMessage);
        replies.push({ worker: n, stats: message.stats });
        if (replies.length === live.length) done();
      };
      worker.on("message", onMessage);
      worker.send({ type: "stats", id });
    }
  });

  // The primary lives until stop() exits it.
  return new Promise(() => {});
}

// Renders start in the order their requests arrived, one per turn of the event loop.
//
// A loaded worker finds several requests ready each time it polls its sockets, and Node answers
// them in the order the kernel lists the sockets, which is not the order the requests came in: at
// 16 connections per worker, two connections took turns waiting for a whole extra round of
// renders, so p99 was twice p50 (the same with a bare node:http server that spends 3 ms per
// request). Queued here, a render starts only after every render whose request arrived before it,
// and the worker polls its sockets between two renders, so what arrived meanwhile joins the queue
// in its order.
// Answers that cost next to nothing (static files, cached pages) do not queue.
//
// Node reads a connection's pipelined requests while earlier ones wait for their answers, and
// stops reading only once their answers pile up; queued requests have no answer yet. So one
// connection may have only so many renders waiting (`perOwner`): no browser or proxy pipelines
// that deep, and without a bound one client could queue requests until the worker ran out of
// memory.

/**
 * @param {{ beforeEach?: () => void, perOwner?: number }} [options] `beforeEach` runs before each
 *   job (the catalogue version is read there: the job runs in a later turn than its request's
 *   arrival). `perOwner`: how many jobs one owner (a connection) may have waiting.
 */
export function createRenderQueue({ beforeEach, perOwner = Infinity } = {}) {
  /** @type {Array<{ run: () => void, gone: () => boolean, owner: unknown } | undefined>} */
  let jobs = [];
  let head = 0;
  let scheduled = false;
  /** @type {Map<unknown, number>} owner -> its jobs waiting */
  const waiting = new Map();

  function next() {
    scheduled = false;
    let job;
    while (!job && head < jobs.length) {
      const candidate = jobs[head];
      jobs[head++] = undefined;
      if (!candidate) continue;
      const { owner } = candidate;
      if (owner !== undefined) {
        const left = (waiting.get(owner) ?? 1) - 1;
        if (left > 0) waiting.set(owner, left);
        else waiting.delete(owner);
      }
      // A page for a client that has left is not rendered.
      if (!candidate.gone()) job = candidate;
    }
    if (head === jobs.length) {
      jobs = [];
      head = 0;
    } else {
      scheduled = true;
      setImmediate(next);
    }
    if (job) {
      beforeEach?.();
      job.run();
    }
  }

  return {
    /**
     * Runs `run` once the jobs queued before it have started, each in a turn of its own. `gone`
     * tells whether the job is still wanted when its turn comes. Refused (false) when `owner`
     * (if given) already has `perOwner` jobs waiting.
     * @param {() => void} run
     * @param {{ gone?: () => boolean, owner?: unknown }} [options]
     */
    push(run, { gone = () => false, owner } = {}) {
      if (owner !== undefined) {
        const held = waiting.get(owner) ?? 0;
        if (held >= perOwner) return false;
        waiting.set(owner, held + 1);
      }
      jobs.push({ run, gone, owner });
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
      return true;
    },
    get length() {
      return jobs.length - head;
    },
  };
}

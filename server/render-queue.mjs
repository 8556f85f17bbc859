// Renders start in the order their requests arrived, one per turn of the event loop.
//
// A loaded worker finds several requests ready each time it polls its sockets, and Node answers
// them in the order the kernel lists the sockets, which is not the order the requests came in: at
// 16 connections per worker, one connection in eight waited for a whole extra round of renders,
// so p99 was twice p50 (the same with a bare node:http server that spends 3 ms per request). Queued
// here, a render starts only after every render whose request arrived before it, and the worker
// polls its sockets between two renders, so what arrived meanwhile joins the queue in its order.
// Answers that cost next to nothing (static files, cached pages) do not queue.

/**
 * @param {{ beforeEach?: () => void }} [options] `beforeEach` runs before each job (the catalogue
 *   version is read there: the job runs in a later turn than its request's arrival).
 */
export function createRenderQueue({ beforeEach } = {}) {
  /** @type {Array<{ run: () => void, gone: () => boolean } | undefined>} */
  let jobs = [];
  let head = 0;
  let scheduled = false;

  function next() {
    scheduled = false;
    let job;
    while (!job && head < jobs.length) {
      const candidate = jobs[head];
      jobs[head++] = undefined;
      // A page for a client that has left is not rendered.
      if (candidate && !candidate.gone()) job = candidate;
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
     * tells whether the job is still wanted when its turn comes.
     * @param {() => void} run
     * @param {() => boolean} [gone]
     */
    push(run, gone = () => false) {
      jobs.push({ run, gone });
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    },
    get length() {
      return jobs.length - head;
    },
  };
}

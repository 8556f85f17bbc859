import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRenderQueue } from "../../server/render-queue.mjs";

/** Resolves after `n` turns of the event loop (the queue starts one job per turn). */
const turns = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : setImmediate(() => step(left - 1)));
    step(n);
  });

describe("the render queue", () => {
  const closers: Array<() => void> = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  it("starts jobs in the order they were pushed, those pushed meanwhile after the rest", async () => {
    const ran: string[] = [];
    const queue = createRenderQueue();
    queue.push(() => {
      ran.push("a");
      queue.push(() => ran.push("d"));
    });
    queue.push(() => ran.push("b"));
    queue.push(() => ran.push("c"));
    expect(ran).toEqual([]); // nothing runs in the turn it was pushed in
    await turns(6);
    expect(ran).toEqual(["a", "b", "c", "d"]);
    expect(queue.length).toBe(0);
  });

  it("lets the sockets be read between two jobs, so a request that arrives meanwhile queues in its order", async () => {
    // A socket pair: what one end writes is in the other's kernel buffer at once.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const accepted = new Promise<net.Socket>((resolve) => server.once("connection", resolve));
    const port = (server.address() as net.AddressInfo).port;
    const client = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => client.once("connect", resolve));
    const peer = await accepted;
    closers.push(() => {
      client.destroy();
      peer.destroy();
      server.close();
    });

    const ran: string[] = [];
    const queue = createRenderQueue();
    peer.on("data", () => {
      ran.push("arrived");
      queue.push(() => ran.push("late"));
    });
    queue.push(() => {
      ran.push("a");
      client.write("x"); // a request arrives while the first render runs
    });
    queue.push(() => ran.push("b"));
    queue.push(() => ran.push("c"));
    await turns(8);
    // Read after the render in progress, before the next: the one that came in joins the queue
    // behind those already waiting, and nothing that came before it is left for later.
    expect(ran).toEqual(["a", "arrived", "b", "c", "late"]);
  });

  it("skips a job that is no longer wanted and reads the version before each one it runs", async () => {
    const ran: string[] = [];
    const queue = createRenderQueue({ beforeEach: () => ran.push("version") });
    queue.push(() => ran.push("a"));
    queue.push(() => ran.push("left"), { gone: () => true });
    queue.push(() => ran.push("b"));
    await turns(5);
    expect(ran).toEqual(["version", "a", "version", "b"]);
  });

  it("refuses a job from an owner that has as many waiting as allowed, until one of them starts", async () => {
    const ran: string[] = [];
    const queue = createRenderQueue({ perOwner: 2 });
    const pipelining = {};
    // Jobs with no owner are not counted against anyone.
    for (let i = 0; i < 3; i++) expect(queue.push(() => {})).toBe(true);
    expect(queue.push(() => ran.push("1"), { owner: pipelining })).toBe(true);
    expect(queue.push(() => ran.push("2"), { owner: pipelining })).toBe(true);
    expect(queue.push(() => ran.push("3"), { owner: pipelining })).toBe(false);
    expect(queue.push(() => ran.push("other"), { owner: {} })).toBe(true);
    await turns(4);
    expect(ran).toEqual(["1"]);
    // Skipped jobs count as started too.
    expect(queue.push(() => ran.push("4"), { owner: pipelining, gone: () => true })).toBe(true);
    expect(queue.push(() => ran.push("5"), { owner: pipelining })).toBe(false);
    await turns(4);
    expect(ran).toEqual(["1", "2", "other"]);
    expect(queue.push(() => ran.push("6"), { owner: pipelining })).toBe(true);
    await turns(2);
    expect(ran).toEqual(["1", "2", "other", "6"]);
  });
});

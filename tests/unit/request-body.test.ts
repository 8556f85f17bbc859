// readBody and limitedStream (server/request-guard.mjs) over real sockets: a body read whole is held
// to its cap, to a number of form fields, to a deadline, and with every other body being read to one
// budget per process; an upload streamed to the app counts against a budget of the uploads until
// its answer is sent. Whatever ends a body, the bytes it counted are let go.
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  bodiesHeld,
  ClientGone,
  limitedStream,
  MAX_FORM_FIELDS,
  readBody,
  RequestRefused,
  uploadsHeld,
} from "../../server/request-guard.mjs";

type Outcome = { bytes?: number; status?: number; message?: string; headers?: object; gone?: true };

/** A server whose every request is read by readBody with `options`; `outcomes` gets each result. */
async function serve(limit: number, options: Parameters<typeof readBody>[2] = {}) {
  const outcomes: Outcome[] = [];
  const waiting: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    readBody(req, limit, options).then(
      (body) => {
        outcomes.push({ bytes: body.length });
        res.end("ok");
      },
      (error: Error) => {
        if (error instanceof ClientGone) outcomes.push({ gone: true });
        else if (error instanceof RequestRefused)
          outcomes.push({ status: error.status, message: error.message, headers: error.headers });
        else outcomes.push({ message: error.message });
        res.destroy();
      },
    );
    // Resolved once the body is being read (readBody listens from its first call).
    waiting.shift()?.();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  servers.push(server);
  return {
    outcomes,
    /** Opens a connection, sends the head of a POST and `body`; resolves once the server reads it. */
    async post(body: string | Buffer, { length = body.length, type = "text/plain" } = {}) {
      const reading = new Promise<void>((resolve) => waiting.push(resolve));
      const socket = net.connect(port, "127.0.0.1");
      socket.on("error", () => {});
      sockets.push(socket);
      socket.write(
        `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`,
      );
      socket.write(body);
      await reading;
      return socket;
    },
    /** Resolves once `n` outcomes are in. */
    async settled(n: number) {
      await expect.poll(() => outcomes.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(n);
      return outcomes;
    },
  };
}

const servers: http.Server[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  // Whatever ended each body, none of its bytes are still counted.
  await expect.poll(() => bodiesHeld()).toBe(0);
  await expect.poll(() => uploadsHeld()).toBe(0);
});

describe("readBody", () => {
  it("reads a body under its cap, and refuses one over it with 413", async () => {
    const s = await serve(1000);
    await s.post("a".repeat(1000));
    await s.post("a".repeat(1001));
    expect(await s.settled(2)).toEqual([
      { bytes: 1000 },
      { status: 413, message: "The request body is too large (at most 1 KB).", headers: {} },
    ]);
  });

  it(`takes a urlencoded form of ${MAX_FORM_FIELDS} fields, refuses one more with 413, and counts no other type`, async () => {
    const s = await serve(64 * 1024);
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=1`).join("&");
    const form = { type: "application/x-www-form-urlencoded" };
    await s.post(fields(MAX_FORM_FIELDS), form);
    await s.post(fields(MAX_FORM_FIELDS + 1), form);
    await s.post(fields(MAX_FORM_FIELDS + 1), { type: "application/json" });
    const [taken, refused, other] = await s.settled(3);
    expect(taken.bytes).toBeGreaterThan(0);
    expect(refused).toMatchObject({
      status: 413,
      message: `The form has too many fields (at most ${MAX_FORM_FIELDS}).`,
    });
    expect(other.bytes).toBeGreaterThan(0);
  });

  it("refuses a body that has not all arrived in time with 408", async () => {
    const s = await serve(1000, { timeoutMs: 1000 });
    const socket = await s.post("a".repeat(10), { length: 100 });
    // Still sending, slowly: what counts is when the whole body is in.
    const drip = setInterval(() => socket.write("a"), 100);
    try {
      expect(await s.settled(1)).toEqual([
        { status: 408, message: "The request body did not arrive within 1 s.", headers: {} },
      ]);
    } finally {
      clearInterval(drip);
    }
  });

  it("refuses with 503 and Retry-After a body that would take the bodies being read past the budget, and takes bodies again once they end", async () => {
    const s = await serve(1000, { budget: 2500 });
    // Two bodies of 1,000 bytes, each one byte short of done: 2,000 bytes held.
    const held = [
      await s.post("a".repeat(1000), { length: 1001 }),
      await s.post("a".repeat(1000), { length: 1001 }),
    ];
    await expect.poll(() => bodiesHeld()).toBe(2000);
    await s.post("a".repeat(600));
    expect(await s.settled(1)).toEqual([
      {
        status: 503,
        message: "The shop is busy receiving other requests. Try again shortly.",
        headers: { "retry-after": "5" },
      },
    ]);
    // A small one still fits.
    await s.post("a".repeat(400));
    await s.settled(2);
    // The held bodies' clients leave: their bytes are let go, and a large body fits again.
    for (const socket of held) socket.destroy();
    await s.settled(4);
    expect(bodiesHeld()).toBe(0);
    await s.post("a".repeat(1000));
    expect((await s.settled(5)).map((o) => o.bytes ?? o.status ?? o.gone)).toEqual([
      503,
      400,
      true,
      true,
      1000,
    ]);
  });

  it("tells a client that left before its body arrived (ClientGone), not an error to log", async () => {
    const s = await serve(1000);
    const socket = await s.post("a".repeat(10), { length: 500 });
    socket.destroy();
    expect(await s.settled(1)).toEqual([{ gone: true }]);
  });
});

describe("limitedStream", () => {
  /**
   * A server that reads each upload whole, as the app does, and answers only when told: an upload's
   * bytes count until its answer is sent.
   */
  async function serveUploads(limit: number, budget: number) {
    const outcomes: Array<number | string> = [];
    const answers: Array<() => void> = [];
    const server = http.createServer((req, res) => {
      const state: {
        tooLarge?: boolean;
        busy?: boolean;
        answered?: boolean;
        release?: () => void;
      } = {};
      res.once("close", () => {
        state.answered = true;
        state.release?.();
      });
      new Response(limitedStream(req, limit, state, { budget })).arrayBuffer().then(
        (body) => {
          outcomes.push(body.byteLength);
          answers.push(() => res.end());
        },
        () => {
          outcomes.push(state.busy ? "busy" : state.tooLarge ? "too large" : "error");
          res.destroy();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    const port = (server.address() as net.AddressInfo).port;
    return {
      outcomes,
      upload(size: number) {
        const req = http.request({
          port,
          host: "127.0.0.1",
          method: "POST",
          agent: false,
          headers: { "content-type": "multipart/form-data; boundary=x", "content-length": size },
        });
        req.on("error", () => {});
        req.end(Buffer.alloc(size, "a"));
      },
      answerAll: () => answers.splice(0).forEach((answer) => answer()),
    };
  }

  it("counts an upload until its answer is sent, refuses one past the budget, and one past its cap", async () => {
    const s = await serveUploads(1000, 1500);
    s.upload(1000);
    await expect.poll(() => s.outcomes).toEqual([1000]);
    // Read whole but not yet answered: still counted.
    expect(uploadsHeld()).toBe(1000);
    s.upload(600);
    await expect.poll(() => s.outcomes).toEqual([1000, "busy"]);
    s.upload(400);
    await expect.poll(() => s.outcomes).toEqual([1000, "busy", 400]);
    s.answerAll();
    await expect.poll(() => uploadsHeld()).toBe(0);
    s.upload(1000);
    s.upload(1001);
    await expect.poll(() => s.outcomes.slice(3).sort()).toEqual([1000, "too large"].sort());
    s.answerAll();
  });
});

// A worker's side of the hand-over (serveHandedConnections), in a process of its own: this test
// plays the primary, accepting connections paused and sending each one to the worker over IPC.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const WORKERS = path.resolve("server/workers.mjs");
// Short timeouts, checked every 100 ms, so a slow client is cut off within the test.
const WORKER = `
import http from "node:http";
const { serveHandedConnections } = await import(${JSON.stringify(WORKERS)});
const server = http.createServer(
  { connectionsCheckingInterval: 100, headersTimeout: 500, requestTimeout: 500 },
  (req, res) => res.end("answered by the worker"),
);
serveHandedConnections(server);
`;

let worker: ChildProcess;
let primary: net.Server;
let port = 0;
const messages: string[] = [];

beforeAll(async () => {
  worker = spawn(process.execPath, ["--input-type=module", "-e", WORKER], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise<void>((resolve) =>
    worker.on("message", (m: { type: string }) => {
      messages.push(m.type);
      if (m.type === "ready") resolve();
    }),
  );
  primary = net.createServer({ pauseOnConnect: true }, (socket) =>
    worker.send({ type: "connection" }, socket),
  );
  await new Promise<void>((resolve) => primary.listen(0, "127.0.0.1", resolve));
  port = (primary.address() as net.AddressInfo).port;
});

afterAll(() => {
  primary?.close();
  worker?.kill();
});

/** Connects, writes `request`, and resolves with what came back and when the connection closed. */
function exchange(request: string, end: boolean) {
  return new Promise<{ answer: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(request);
      if (end) socket.end();
    });
    socket.on("data", (d) => (answer += d.toString()));
    socket.on("error", reject);
    socket.on("close", () => resolve({ answer, ms: Date.now() - started }));
    // Never left open past the test: a connection nobody cuts off ends here, its answer empty.
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}

describe("a worker serving the connections its primary hands over", () => {
  it("answers on the connection and reports it closed", async () => {
    const before = messages.filter((m) => m === "closed").length;
    const { answer } = await exchange(
      "GET / HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n",
      false,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain("answered by the worker");
    await expect.poll(() => messages.filter((m) => m === "closed").length).toBe(before + 1);
  });

  it("answers a malformed request 400, as a listening server does", async () => {
    const { answer } = await exchange("NOT HTTP AT ALL\r\n\r\n", false);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    const after = await exchange(
      "GET / HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n",
      false,
    );
    expect(after.answer, "the worker still serves").toContain("answered by the worker");
  });

  it("cuts off a client that never finishes its headers, as a listening server does", async () => {
    const { answer, ms } = await exchange("GET / HTTP/1.1\r\nHost: shop\r\n", false);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(5000);
  });
});

// The benchmark's baseline: a plain node:http server that answers each recorded URL with the exact
// status, headers and body bytes the shop sent for it. It does no other work, so it measures what
// HTTP alone costs on this machine for the same answers. Started by scripts/bench.ts.
//   node scripts/bench-baseline.mjs <recordings.json> <port>
import fs from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
/** @type {Record<string, {status: number, headers: Record<string, string | string[]>, body: string}>} */
const recorded = JSON.parse(fs.readFileSync(file, "utf8"));
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "date"]);

const answers = new Map(
  Object.entries(recorded).map(([url, r]) => {
    const body = Buffer.from(r.body, "base64");
    const headers = Object.fromEntries(
      Object.entries(r.headers).filter(([k]) => !HOP_BY_HOP.has(k)),
    );
    headers["content-length"] = String(body.length);
    return [url, { status: r.status, headers, body }];
  }),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? "");
  if (!answer) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not recorded");
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 5000;
server.listen(Number(port), "127.0.0.1", () => console.log(`baseline listening on ${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));

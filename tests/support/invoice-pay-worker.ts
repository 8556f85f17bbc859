// One process of the concurrent invoice test: its own connection to the database file. Says
// "ready", waits for the go file, then records a successful payment for each given provider
// order at once (the path of the callback, verify-payment and webhooks) and prints the outcomes.
import fs from "node:fs";
import { createDatabase } from "~/db/db.server";
import { recordSuccessfulPayment } from "~/models/order/index.server";

const [file, goFile, idsJson] = process.argv.slice(2);
const ids = JSON.parse(idsJson) as string[];
const db = createDatabase(file);
process.stdout.write("ready\n");
while (!fs.existsSync(goFile)) await new Promise((r) => setTimeout(r, 2));
const results = await Promise.all(
  ids.map((id) =>
    recordSuccessfulPayment(db, {
      razorpayOrderId: id,
      razorpayPaymentId: `pay_${id.slice(6)}`,
      source: `worker:${process.pid}`,
    }).then((r) => (r.ok ? { ok: true, changed: r.changed } : { ok: false })),
  ),
);
await db.destroy();
process.stdout.write(JSON.stringify(results) + "\n");

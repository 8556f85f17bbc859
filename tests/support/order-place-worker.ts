// One process of the concurrent checkout test: its own connection to the database file and the
// real Razorpay SDK (pointed at the stand-in). Says "ready", waits for the go file, then places
// one Buy Now order of 1 unit (of the size given, if any) for each user at once and prints the outcomes.
import fs from "node:fs";
import { createDatabase } from "~/db/db.server";
import { placeOrder } from "~/models/order/index.server";
import { createRazorpayGateway } from "~/payments/razorpay.server";

const [file, goFile, apiUrl, keyId, keySecret, productId, usersJson, sizeId] =
  process.argv.slice(2);
const users = JSON.parse(usersJson) as { userId: number; addressId: number }[];
const db = createDatabase(file);
const gateway = createRazorpayGateway({ keyId, keySecret, apiUrl });
process.stdout.write("ready\n");
while (!fs.existsSync(goFile)) await new Promise((r) => setTimeout(r, 2));
const results = await Promise.all(
  users.map(({ userId, addressId }) =>
    placeOrder(db, gateway, {
      userId,
      addressId,
      idempotencyKey: `worker-${userId}`,
      source: {
        type: "single",
        productId: Number(productId),
        quantity: 1,
        sizeLabel: "",
        colorName: "",
        sizeId: sizeId ? Number(sizeId) : null,
      },
    }).then((r) => (r.ok ? { ok: true, id: r.order.id } : { ok: false, code: r.code })),
  ),
);
await db.destroy();
process.stdout.write(JSON.stringify(results) + "\n");

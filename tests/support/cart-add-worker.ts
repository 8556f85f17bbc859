// One process of the concurrent add-to-cart test: opens its own connection to the database file,
// says "ready", waits for the go file, then adds 1 unit `count` times at once and prints the results.
import fs from "node:fs";
import { createDatabase } from "~/db/db.server";
import { addToCart } from "~/models/cart.server";

const [file, goFile, userId, productId, count] = process.argv.slice(2);
const db = createDatabase(file);
process.stdout.write("ready\n");
while (!fs.existsSync(goFile)) await new Promise((r) => setTimeout(r, 2));
const results = await Promise.all(
  Array.from({ length: Number(count) }, () =>
    addToCart(db, Number(userId), { productId: Number(productId), quantity: 1 }),
  ),
);
await db.destroy();
process.stdout.write(JSON.stringify(results) + "\n");

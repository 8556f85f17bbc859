/**
 * Creates the shop's admin account, or sets its password and role when the e-mail exists.
 *
 *   npm run create-admin -- admin@example.com          (asks for the password)
 *   ADMIN_EMAIL=... ADMIN_PASSWORD=... npm run create-admin
 *
 * Uses DATABASE_URL like the server (default data/shop.db) and migrates it first.
 */
import readline from "node:readline";
import { Writable } from "node:stream";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { ensureAdmin } from "~/models/user.server";
import { emailSchema, newPasswordSchema } from "~/utils/validation";

async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  const answer = new Promise<string>((resolve) => rl.question(question, resolve));
  muted = true;
  const value = await answer;
  rl.close();
  process.stdout.write("\n");
  return value;
}

async function main() {
  const emailArg = process.argv[2] ?? process.env.ADMIN_EMAIL;
  const email = emailSchema.safeParse(emailArg);
  if (!email.success) {
    // Run as `shop create-admin` on a server, as `npm run create-admin` in a checkout.
    console.error(
      (emailArg ? `"${emailArg}" is not an e-mail address. ` : "") +
        "Usage: shop create-admin EMAIL (npm run create-admin -- EMAIL in a checkout), or set ADMIN_EMAIL and ADMIN_PASSWORD",
    );
    process.exit(2);
  }
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    if (!process.stdin.isTTY) {
      console.error("Set ADMIN_PASSWORD, or run this in a terminal to be asked for it.");
      process.exit(2);
    }
    password = await askHidden("Password (at least 8 characters): ");
    if ((await askHidden("Password again: ")) !== password) {
      console.error("The passwords do not match.");
      process.exit(1);
    }
  }
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) {
    console.error(checked.error.issues[0].message);
    process.exit(1);
  }
  const db = createDatabase(process.env.DATABASE_URL || "data/shop.db");
  try {
    await migrateToLatest(db);
    const { user, created } = await ensureAdmin(db, { email: email.data, password: checked.data });
    console.log(`${created ? "Created" : "Updated"} admin account ${user.email} (id ${user.id}).`);
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

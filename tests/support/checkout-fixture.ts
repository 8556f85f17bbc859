import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { placeOrder, verifyPayment } from "~/models/order/index.server";
import type { createSandboxGateway } from "~/payments/sandbox.server";

type SandboxGateway = ReturnType<typeof createSandboxGateway>;

/** Users, products and addresses for the checkout tests. */
export async function insertCheckoutFixture(db: Kysely<DB>) {
  const category = Number(
    (
      await db
        .insertInto("categories")
        .values({ slug: "winches", name: "Winches" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  const brand = Number(
    (
      await db
        .insertInto("brands")
        .values({ slug: "warn", name: "Warn" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  const product = async (slug: string, title: string, pricePaise: number, stock: number) =>
    Number(
      (
        await db
          .insertInto("products")
          .values({
            slug,
            title,
            brand_id: brand,
            category_id: category,
            price_paise: pricePaise,
            stock,
            image: `seed/${slug}`,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  const user = async (email: string) =>
    Number(
      (
        await db
          .insertInto("users")
          .values({ email, password_hash: "x" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  const address = async (userId: number, fullName: string) =>
    Number(
      (
        await db
          .insertInto("addresses")
          .values({
            user_id: userId,
            full_name: fullName,
            phone: "9876543210",
            address1: "12 MG Road",
            city: "Bengaluru",
            state: "Karnataka",
            postal_code: "560001",
            country: "India",
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  const winch = await product("warn-zeon", "Warn Zeon 10-S Winch", 15_000_000, 10);
  const lights = await product("arb-lights", "ARB Intensity Lights", 2_499_950, 3);
  const lastFive = await product("last-five", "Snorkel Kit", 1_200_000, 5);
  const alice = await user("alice@example.com");
  const bob = await user("bob@example.com");
  return {
    products: { winch, lights, lastFive },
    alice,
    bob,
    aliceAddress: await address(alice, "Alice Rao"),
    bobAddress: await address(bob, "Bob Singh"),
    user,
    address,
    product,
  };
}

export async function stockOf(db: Kysely<DB>, productId: number) {
  return (
    await db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", productId)
      .executeTakeFirstOrThrow()
  ).stock;
}

export async function addCartLine(
  db: Kysely<DB>,
  userId: number,
  productId: number,
  quantity: number,
) {
  await db
    .insertInto("cart_items")
    .values({ user_id: userId, product_id: productId, quantity })
    .execute();
}

/**
 * Alice buys two winches from her cart and pays in the sandbox, through the same functions as the
 * checkout: the paid order's id and its line's id.
 */
export async function paidCartOrder(
  db: Kysely<DB>,
  f: Awaited<ReturnType<typeof insertCheckoutFixture>>,
  gateway: SandboxGateway,
) {
  await addCartLine(db, f.alice, f.products.winch, 2);
  const placed = await placeOrder(db, gateway, {
    userId: f.alice,
    addressId: f.aliceAddress,
    idempotencyKey: `k-${Math.random()}`,
    source: { type: "cart" },
  });
  if (!placed.ok) throw new Error(placed.message);
  const proof = gateway.pay(placed.order.razorpayOrderId!);
  await verifyPayment(db, gateway, {
    razorpayOrderId: placed.order.razorpayOrderId,
    razorpayPaymentId: proof.razorpayPaymentId,
    razorpaySignature: proof.razorpaySignature,
    source: "test",
  });
  const item = await db
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", placed.order.id)
    .executeTakeFirstOrThrow();
  return { orderId: placed.order.id, itemId: item.id };
}

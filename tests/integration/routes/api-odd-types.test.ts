// Every JSON write of the API, each field in turn sent as another JSON type (a number, null, an
// array, an object, a boolean) or left out: the answer is a 4xx whose messages are the shop's own
// words, never a 500 and never a validation library's default ("Expected string, received number").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueApiToken } from "~/models/api-token.server";
import * as addItem from "~/routes/api.v1.cart.addItem";
import * as billing from "~/routes/api.v1.billing";
import * as updateLine from "~/routes/api.v1.cart.update.$id";
import * as createOrder from "~/routes/api.v1.checkout.create-order";
import * as verifyPayment from "~/routes/api.v1.checkout.verify-payment";
import * as login from "~/routes/api.v1.login";
import * as forgot from "~/routes/api.v1.password.forgot";
import * as register from "~/routes/api.v1.register";
import * as reset from "~/routes/api.v1.password.reset";
import { resetEnvCache } from "~/utils/env.server";
import { insertCheckoutFixture } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import { callRoute } from "../../support/route";

const ORIGIN = "http://localhost:3000";
const ODD: unknown[] = [12345, -1, null, ["x"], { x: 1 }, true, undefined, "", "x".repeat(300)];
/** What zod says when a schema gives no message of its own. */
const LIBRARY_WORDS =
  /^(Required|Invalid input|Invalid type|Expected .*received .*|Invalid enum value.*)$/;

let t: TestDb;
let token: string;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
const saved = { ...process.env };

beforeAll(async () => {
  t = await withAppDb();
  f = await insertCheckoutFixture(t.db);
  process.env.SESSION_SECRET = "unit-test-secret-0123456789abcdef";
  delete process.env.PUBLIC_URL;
  resetEnvCache();
  token = (await issueApiToken(t.db, f.alice)).token;
});
afterAll(async () => {
  await t.cleanup();
  process.env = saved;
  resetEnvCache();
});

/** A variant choice as a JSON client may send it (the fixture's products have none). */
const variant = { sizeId: null, wheelSize: "", size: null, colorId: null, color: "" };

type Door = {
  name: string;
  handler: Parameters<typeof callRoute>[0];
  path: string;
  params?: Record<string, string>;
  signedIn: boolean;
  body: () => Record<string, unknown>;
  /** The request's body around `body` when the fields tried are nested in it. */
  wrap?: (body: Record<string, unknown>) => unknown;
};

const doors: Door[] = [
  {
    name: "billing",
    handler: billing.action,
    path: "/api/v1/billing",
    signedIn: true,
    body: () => ({
      fullName: "Asha Rao",
      phone: "9876543210",
      address1: "12 MG Road",
      address2: "Near the park",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
    }),
  },
  {
    name: "cart/addItem",
    handler: addItem.action,
    path: "/api/v1/cart/addItem",
    signedIn: true,
    body: () => ({ productId: f.products.winch, quantity: 1, ...variant }),
  },
  {
    name: "cart/update",
    handler: updateLine.action,
    path: "/api/v1/cart/update/1",
    params: { id: "1" },
    signedIn: true,
    body: () => ({ quantity: 2 }),
  },
  {
    name: "checkout/create-order, the spec's Buy Now item",
    handler: createOrder.action,
    path: "/api/v1/checkout/create-order",
    signedIn: true,
    body: () => ({ id: f.products.winch, quantity: 1, ...variant }),
    wrap: (item) => ({
      billingAddressId: f.aliceAddress,
      checkoutType: "single",
      cartItems: [item],
    }),
  },
  {
    name: "checkout/create-order, the spec's Buy Now item itself",
    handler: createOrder.action,
    path: "/api/v1/checkout/create-order",
    signedIn: true,
    body: () => ({ item: { id: f.products.winch, quantity: 1 } }),
    wrap: ({ item }) => ({
      billingAddressId: f.aliceAddress,
      checkoutType: "single",
      cartItems: [item],
    }),
  },
  {
    name: "checkout/create-order",
    handler: createOrder.action,
    path: "/api/v1/checkout/create-order",
    signedIn: true,
    body: () => ({
      billingAddressId: f.aliceAddress,
      checkoutType: "single",
      productId: f.products.winch,
      quantity: 1,
      ...variant,
      cartItems: [{ id: f.products.winch, quantity: 1 }],
      idempotencyKey: "odd-types-0001",
      whatsappOptIn: false,
      paymentMethod: "razorpay",
      gstin: "",
      businessName: "",
    }),
  },
  {
    name: "checkout/verify-payment",
    handler: verifyPayment.action,
    path: "/api/v1/checkout/verify-payment",
    signedIn: true,
    body: () => ({
      razorpayOrderId: "order_x",
      razorpayPaymentId: "pay_x",
      razorpaySignature: "0".repeat(64),
    }),
  },
  {
    name: "register",
    handler: register.action,
    path: "/api/v1/register",
    signedIn: false,
    body: () => ({ email: "new@example.com", password: "a-good-password-1" }),
  },
  {
    name: "login",
    handler: login.action,
    path: "/api/v1/login",
    signedIn: false,
    body: () => ({ email: "alice@example.com", password: "a-good-password-1" }),
  },
  {
    name: "password/forgot",
    handler: forgot.action,
    path: "/api/v1/password/forgot",
    signedIn: false,
    body: () => ({ email: "alice@example.com" }),
  },
  {
    name: "password/reset",
    handler: reset.action,
    path: "/api/v1/password/reset",
    signedIn: false,
    body: () => ({ token: "x".repeat(43), password: "a-new-password-1" }),
  },
];

/** Every message of an answer: its `message` and each of its `errors`, however nested. */
function messagesOf(body: unknown): string[] {
  if (typeof body === "string") return [body];
  if (Array.isArray(body)) return body.flatMap(messagesOf);
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    return [
      ...(typeof b.message === "string" ? [b.message] : []),
      ...(b.errors ? messagesOf(Object.values(b.errors as object)) : []),
    ];
  }
  return [];
}

describe("the JSON API's writes with fields of the wrong type", () => {
  for (const door of doors) {
    it(`${door.name} answers in its own words`, async () => {
      const odd: string[] = [];
      for (const field of Object.keys(door.body())) {
        for (const value of ODD) {
          const body = door.body();
          if (value === undefined) delete body[field];
          else body[field] = value;
          const res = await callRoute(
            door.handler,
            new Request(ORIGIN + door.path, {
              method: "POST",
              headers: {
                "Content-Type": "application/json",
                ...(door.signedIn ? { Authorization: `Bearer ${token}` } : {}),
              },
              body: JSON.stringify(door.wrap ? door.wrap(body) : body),
            }),
            door.params,
          );
          const answer = await res.json().catch(() => null);
          const library = messagesOf(answer).filter((m) => LIBRARY_WORDS.test(m));
          if (res.status >= 500 || library.length > 0)
            odd.push(`${field}=${JSON.stringify(value)}: ${res.status} ${JSON.stringify(answer)}`);
        }
      }
      expect(odd).toEqual([]);
    });
  }
});

/**
 * Every page and API route is either on the page cache's list of public URLs or known to be the
 * visitor's own. A new route file fails here until it is put in one of the two lists below, so a
 * public page cannot be forgotten by the cache (nor a private one cached by accident).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cacheTarget, isCacheableRequest } from "../../server/page-cache.mjs";

const isBrand = (slug: string) => slug === "warn";

/** Route file -> a URL it answers that every anonymous visitor sees alike (kept by the cache). */
const PUBLIC: Record<string, string> = {
  "_index.tsx": "/",
  "$brand.tsx": "/warn?page=2",
  "about.tsx": "/about",
  "all-products.tsx": "/all-products?category=wheels",
  "brands.tsx": "/brands",
  "category.$category.tsx": "/category/wheels",
  "contactus.tsx": "/contactus",
  "privacy.tsx": "/privacy",
  "product.$id.tsx": "/product/42",
  "search.tsx": "/search?q=winch",
  "terms.tsx": "/terms",
  "vehicles._index.tsx": "/vehicles",
  "vehicles.$brand.tsx": "/vehicles/toyota_hilux?img=1",
  "robots[.]txt.ts": "/robots.txt",
  "sitemap[.]xml.ts": "/sitemap.xml",
  "api.v1.allProducts.ts": "/api/v1/allProducts",
  "api.v1.search.ts": "/api/v1/search?query=arb",
  "api.v1.product._index.ts": "/api/v1/product?category=wheels",
  "api.v1.product.$id.ts": "/api/v1/product/42",
  "api.v1.products.brand.$brand.ts": "/api/v1/products/brand/toyota_hilux",
  "api.v1.products.category.$category.ts": "/api/v1/products/category/wheels",
};

/** Route file -> a URL of it that is per visitor, per request or a form post target (never cached). */
const PRIVATE: Record<string, string> = {
  "$.tsx": "/no/such/page",
  "account.password.tsx": "/account/password",
  "addresses.$id.delete.tsx": "/addresses/1/delete",
  "addresses.$id.edit.tsx": "/addresses/1/edit",
  "addresses._index.tsx": "/addresses",
  "addresses.new.tsx": "/addresses/new",
  "admin._index.tsx": "/admin",
  "admin.dashboard.tsx": "/admin/dashboard",
  "admin.gst-report.ts": "/admin/gst-report",
  "admin.orders.$id.tsx": "/admin/orders/1",
  "admin.orders.tsx": "/admin/orders",
  "admin.outbox.tsx": "/admin/outbox",
  "admin.products.$id.edit.tsx": "/admin/products/1/edit",
  "admin.products.new.tsx": "/admin/products/new",
  "admin.products.tsx": "/admin/products",
  "admin.shipping.tsx": "/admin/shipping",
  "admin.tsx": "/admin/dashboard",
  "api.v1.$.ts": "/api/v1/no/such/endpoint",
  "api.v1.adminOrders.ts": "/api/v1/adminOrders",
  "api.v1.billing.ts": "/api/v1/billing",
  "api.v1.cart.addItem.ts": "/api/v1/cart/addItem",
  "api.v1.cart.remove.$id.ts": "/api/v1/cart/remove/1",
  "api.v1.cart.ts": "/api/v1/cart",
  "api.v1.cart.update.$id.ts": "/api/v1/cart/update/1",
  "api.v1.checkout.create-order.ts": "/api/v1/checkout/create-order",
  "api.v1.checkout.verify-payment.ts": "/api/v1/checkout/verify-payment",
  "api.v1.getBillingAddresses.ts": "/api/v1/getBillingAddresses",
  "api.v1.login.ts": "/api/v1/login",
  "api.v1.logout.ts": "/api/v1/logout",
  "api.v1.orders.$orderId.invoice.ts": "/api/v1/orders/1/invoice",
  "api.v1.orders.$orderId.ts": "/api/v1/orders/1",
  "api.v1.password.forgot.ts": "/api/v1/password/forgot",
  "api.v1.password.reset.ts": "/api/v1/password/reset",
  // The answer depends on the PIN asked for: too many to keep, and cheap to compute.
  "api.v1.pincode.$pin.ts": "/api/v1/pincode/110001",
  "api.v1.products.delete.$id.ts": "/api/v1/products/delete/1",
  "api.v1.products.update.$id.ts": "/api/v1/products/update/1",
  "api.v1.products.upload.ts": "/api/v1/products/upload",
  "api.v1.register.ts": "/api/v1/register",
  // Counts users: an admin figure, never stored.
  "api.v1.stats.ts": "/api/v1/stats",
  "api.v1.userOrders.ts": "/api/v1/userOrders",
  "api.v1.webhooks.razorpay.ts": "/api/v1/webhooks/razorpay",
  "billing.tsx": "/billing",
  "cart.tsx": "/cart",
  "checkout.tsx": "/checkout",
  "checkout_.callback.ts": "/checkout/callback",
  "checkout_.sandbox.$razorpayOrderId.tsx": "/checkout/sandbox/order_1",
  "delivery.ts": "/delivery",
  "forgot-password.tsx": "/forgot-password",
  "healthz.ts": "/healthz",
  "login.tsx": "/login",
  "logout.ts": "/logout",
  "newsletter.tsx": "/newsletter",
  "order.$orderId.tsx": "/order/1",
  "order.$orderId_.invoice.ts": "/order/1/invoice",
  "order_.$orderId.cancel.ts": "/order/1/cancel",
  "order_.$orderId.whatsapp.ts": "/order/1/whatsapp",
  "order_.$orderId.return.tsx": "/order/1/return",
  "reset-password.$token.tsx": "/reset-password/abc",
  "signup.tsx": "/signup",
  "uploads.$.ts": "/uploads/products/x.webp",
  "userOrders.tsx": "/userOrders",
  "vehicle.tsx": "/vehicle",
};

describe("the page cache's public URLs and the route files", () => {
  const files = fs.readdirSync(path.resolve("app/routes")).filter((f) => /\.tsx?$/.test(f));

  it("has every route file in exactly one list", () => {
    const unlisted = files.filter((f) => !(f in PUBLIC) && !(f in PRIVATE));
    expect(unlisted, "new route files: add them to PUBLIC or PRIVATE").toEqual([]);
    for (const f of Object.keys(PUBLIC)) expect(f in PRIVATE, f).toBe(false);
    for (const f of [...Object.keys(PUBLIC), ...Object.keys(PRIVATE)])
      expect(files, f).toContain(f);
  });

  it("caches each public route's URL for anonymous visitors", () => {
    for (const [file, url] of Object.entries(PUBLIC)) {
      expect(isCacheableRequest("GET", url, {}, undefined, isBrand), `${file}: ${url}`).toBe(true);
    }
  });

  it("keeps every query parameter a public route reads by name", () => {
    // The cache drops the parameters its list leaves out before it renders: a parameter read
    // here but missing there would be ignored for every anonymous visitor.
    for (const [file, url] of Object.entries(PUBLIC)) {
      const source = fs.readFileSync(path.resolve("app/routes", file), "utf8");
      const read = [...source.matchAll(/\b(?:searchParams|search|params)\.get\("(\w+)"\)/g)].map(
        (m) => m[1],
      );
      for (const name of read) {
        const asked = `${url}${url.includes("?") ? "&" : "?"}${name}=7`;
        expect(cacheTarget("GET", asked, {}, isBrand), `${file} reads ?${name}`).toContain(
          `${name}=7`,
        );
      }
    }
  });

  it("never caches a private route's URL", () => {
    for (const [file, url] of Object.entries(PRIVATE)) {
      expect(isCacheableRequest("GET", url, {}, undefined, isBrand), `${file}: ${url}`).toBe(false);
    }
  });
});

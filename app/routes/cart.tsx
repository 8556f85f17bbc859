import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageLoadError } from "~/components/error-panel";
import { refererPath } from "~/utils/redirect.server";
import { requireUser } from "~/auth/guards.server";
import { CartView } from "~/components/cart-lines";
import { db } from "~/db/db.server";
import { addToCart, getCartSummary, removeCartLines, updateCartLine } from "~/models/cart.server";
import { listAddresses } from "~/models/address.server";
import { estimateShipping } from "~/models/checkout-charges.server";
import { assertSameOrigin } from "~/utils/http.server";
import { readPin } from "~/utils/pin.server";
import type { ToastInput } from "~/utils/toast.server";
import { formReply } from "~/utils/responses.server";
import { addToCartReturnPath, readAddToCart, readCartRemove, readCartUpdate } from "~/forms/cart";

export const meta: MetaFunction = () => [
  { title: "Your Cart | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

const CART_MESSAGES = {
  added: "Added to cart",
  addFailed: "Failed to add",
  soldOut: "Sold Out",
  syncFailed: "Failed to sync quantity with server",
  removed: "Item removed",
  removeFailed: "Failed to remove item",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  // The spec's message, on the login page a visitor is sent to.
  const visitor = await requireUser(request, {
    toast: { type: "error", message: "Please log in to view your cart." },
  });
  const cart = await getCartSummary(db, visitor.id);
  const pin =
    (await readPin(request)) ?? (await listAddresses(db, visitor.id))[0]?.postalCode ?? null;
  const lines = cart.lines.map((l) => ({
    productId: l.productId,
    unitPricePaise: l.pricePaise,
    quantity: l.quantity,
  }));
  const shipping = pin && lines.length > 0 ? await estimateShipping(db, lines, pin) : null;
  return { cart, shipping };
}

/** What a fetcher receives from the cart action. */
export type CartActionData = {
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  lineId?: number;
  /** The line's quantity as the server now holds it. */
  quantity?: number;
};

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const fields = Object.fromEntries(form);
  const intent = form.get("intent");
  const answer = formReply(request, form);
  // A plain post goes back to the page it came from.
  const reply = (result: CartActionData, toast: ToastInput | null, status = 200) =>
    answer.send(result, toast, { to: refererPath(request, "/cart"), status });

  if (intent === "add") {
    // A visitor adding from a product page logs in and comes back to that page, as they left it.
    const user = await requireUser(request, {
      toast: { type: "info", message: "Please log in to add items to your cart." },
      returnTo: (from) => addToCartReturnPath(fields, from),
    });
    const parsed = readAddToCart(fields);
    if (!parsed.ok) {
      const { errors } = parsed;
      const message = `${CART_MESSAGES.addFailed}: ${Object.values(errors)[0]}`;
      return reply({ ok: false, message, errors }, { type: "error", message }, 400);
    }
    const result = await addToCart(db, user.id, parsed.data);
    if (result.ok) {
      const message =
        result.added < parsed.data.quantity
          ? `${CART_MESSAGES.added} (only ${result.added} more available)`
          : CART_MESSAGES.added;
      return reply(
        { ok: true, message, lineId: result.lineId, quantity: result.quantity },
        { type: "success", message },
      );
    }
    if (result.reason === "not_found") {
      const message = `${CART_MESSAGES.addFailed}: this product is no longer sold`;
      return reply({ ok: false, message }, { type: "error", message });
    }
    if (result.reason === "sold_out") {
      return reply(
        { ok: false, message: CART_MESSAGES.soldOut },
        { type: "error", message: CART_MESSAGES.soldOut },
      );
    }
    const message =
      result.reason === "invalid_option"
        ? `${CART_MESSAGES.addFailed}: ${result.message}`
        : `${CART_MESSAGES.addFailed}: no more of this item can be added`;
    return reply({ ok: false, message }, { type: "error", message });
  }

  const user = await requireUser(request);

  if (intent === "update") {
    const parsed = readCartUpdate(fields);
    if (!parsed.ok) {
      const { errors } = parsed;
      const message = `${CART_MESSAGES.syncFailed}: ${Object.values(errors)[0]}`;
      return reply({ ok: false, message, errors }, { type: "error", message }, 400);
    }
    const result = await updateCartLine(db, user.id, parsed.data.lineId, parsed.data.quantity);
    if (result.ok)
      return reply({ ok: true, lineId: result.lineId, quantity: result.quantity }, null);
    const message =
      result.reason === "limit"
        ? `${CART_MESSAGES.syncFailed}: only ${result.max} available`
        : CART_MESSAGES.syncFailed;
    return reply(
      {
        ok: false,
        message,
        lineId: parsed.data.lineId,
        quantity: result.reason === "limit" ? result.quantity : undefined,
      },
      { type: "error", message },
    );
  }

  if (intent === "remove") {
    const parsed = readCartRemove(fields);
    const removed = parsed.ok ? await removeCartLines(db, user.id, [parsed.data.lineId]) : 0;
    if (removed === 0) {
      return reply(
        { ok: false, message: CART_MESSAGES.removeFailed },
        { type: "error", message: CART_MESSAGES.removeFailed },
      );
    }
    return reply(
      { ok: true, message: CART_MESSAGES.removed },
      { type: "success", message: CART_MESSAGES.removed },
    );
  }

  return reply(
    { ok: false, message: "Unknown cart action" },
    { type: "error", message: "Unknown cart action" },
    400,
  );
}

export default function CartPage() {
  const { cart, shipping } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Your Cart</h1>
      <CartView lines={cart.lines} shipping={shipping} emptyState={<EmptyCart />} />
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="mt-10 rounded-lg border border-dashed border-gray-300 p-10 text-center">
      <p className="text-lg font-semibold">Your cart is empty.</p>
      <Link
        to="/all-products"
        className="mt-4 inline-block rounded-md bg-ink-900 px-4 py-2 font-semibold text-white hover:bg-black"
      >
        Browse products
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageLoadError failed="Error loading cart" />;
}

import type { ColumnType, Generated } from "kysely";

/** ISO-8601 UTC text, filled by SQLite when omitted. */
type Timestamp = ColumnType<string, string | undefined, string>;
/** A nullable text column that inserts may leave out. */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  position: Generated<number>;
  /** 1 when the home page shows a tile for it. */
  featured: Generated<number>;
}

export interface BrandsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: Generated<string>;
  logo: string | null;
  featured: Generated<number>;
}

export interface VehiclesTable {
  id: Generated<number>;
  slug: string;
  make: string;
  model: string;
  featured: Generated<number>;
}

export interface ProductsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  brand_id: number;
  category_id: number;
  price_paise: number;
  description: Generated<string>;
  /** Image key (see utils/images.ts), not a URL. */
  image: string | null;
  /** Units available to sell; `inStock` is `stock > 0`. */
  stock: Generated<number>;
  /** 1 when the product fits every vehicle. */
  universal_fit: Generated<number>;
  /** Set when an admin removes a product that orders still refer to. */
  hidden_at: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** HSN code and shipping weight; null takes the category's default (category_tax_defaults). */
  hsn_code: ColumnType<string | null, string | null | undefined, string | null>;
  weight_grams: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProductColorsTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  position: Generated<number>;
  /** 1 when the home page shows a tile for it. */
  featured: Generated<number>;
}

export interface ProductColorImagesTable {
  id: Generated<number>;
  color_id: number;
  image: string;
  position: Generated<number>;
}

export interface ProductSizesTable {
  id: Generated<number>;
  product_id: number;
  label: string;
  diameter: number;
  width: number;
  bolt_pattern: string;
  offset_mm: number;
  hub_bore_mm: number;
  part_number: string;
  position: Generated<number>;
}

/** What can be sold of one colour x size of a product (null: the product has no sizes / colours). */
export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  size_id: number | null;
  color_id: number | null;
  stock: Generated<number>;
}

export interface ProductVehiclesTable {
  product_id: number;
  vehicle_id: number;
}

export type Role = "admin" | "customer";

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the random id the session cookie holds. */
  id: string;
  user_id: number | null;
  /** JSON of the session's data. */
  data: Generated<string>;
  expires_at: string;
  created_at: Timestamp;
  /** Last request of this session (updated at most every few minutes), for the idle timeout. */
  last_seen_at: string | null;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
  created_at: Timestamp;
}

export interface ThrottleEventsTable {
  id: Generated<number>;
  /** What is counted, e.g. 'login-account' (failed logins per e-mail) or 'signup-address'. */
  bucket: string;
  key: string;
  created_at: string;
}

export interface KnownLoginsTable {
  user_id: number;
  /** A client address this user has logged in from. */
  address: string;
  last_at: string;
}

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  /** The chosen size (null when the product has no sizes). */
  size_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The chosen colour (null when the product has no colours). */
  color_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** '' when the product has no sizes. */
  size_label: Generated<string>;
  /** '' when the product has no colours. */
  color_name: Generated<string>;
  quantity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  full_name: string;
  phone: string;
  address1: string;
  address2: Generated<string>;
  city: string;
  state: string;
  postal_code: string;
  country: Generated<string>;
  created_at: Timestamp;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  created_at: Timestamp;
}

export type OrderStatus =
  | "pending_payment"
  | "paid"
  | "shipped"
  | "delivered"
  | "failed"
  | "expired"
  | "cancelled"
  | "refunded"
  /** Cash on delivery: ordered, then confirmed by the shop (before shipping). */
  | "placed"
  | "confirmed";

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  checkout_type: "cart" | "single";
  amount_paise: number;
  currency: Generated<string>;
  address_id: number | null;
  ship_full_name: string;
  ship_phone: string;
  ship_address1: string;
  ship_address2: Generated<string>;
  ship_city: string;
  ship_state: string;
  ship_postal_code: string;
  ship_country: string;
  idempotency_key: string;
  gateway: "razorpay" | "sandbox";
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  /** 1 while the order holds stock it has not paid for. */
  stock_reserved: Generated<number>;
  reserved_until: string;
  paid_at: string | null;
  tracking_number: string | null;
  /** Something an admin must look at (amount mismatch, late payment without stock). */
  attention: string | null;
  /** The newer checkout of the same cart or product that took this unpaid order's place. */
  replaced_by_order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the shopper agreed to WhatsApp order updates at checkout (null: no consent). */
  whatsapp_opt_in_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the shopper stopped WhatsApp updates for this order (null: never). */
  whatsapp_opt_out_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  payment_method: ColumnType<
    "razorpay" | "cod",
    "razorpay" | "cod" | undefined,
    "razorpay" | "cod"
  >;
  /** Shipping and the cash on delivery fee charged, GST included; part of amount_paise. */
  shipping_paise: Generated<number>;
  cod_fee_paise: Generated<number>;
  ship_district: OptionalText;
  buyer_gstin: OptionalText;
  buyer_business_name: OptionalText;
  invoice_number: OptionalText;
  invoiced_at: OptionalText;
  /** The seller when the invoice was issued (JSON of seller.server's Seller). */
  invoice_seller: OptionalText;
  credit_note_number: OptionalText;
  credit_noted_at: OptionalText;
  cash_collected_at: OptionalText;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  cart_item_id: number | null;
  title: string;
  brand: Generated<string>;
  slug: Generated<string>;
  image: string | null;
  unit_price_paise: number;
  quantity: number;
  size_label: Generated<string>;
  color_name: Generated<string>;
  /** The size and colour sold (null once removed from the catalogue; the text columns keep them). */
  size_id: ColumnType<number | null, number | null | undefined, number | null>;
  color_id: ColumnType<number | null, number | null | undefined, number | null>;
  bolt_pattern: Generated<string>;
  offset_mm: ColumnType<number | null, number | null | undefined, number | null>;
  part_number: Generated<string>;
  /** The HSN code and GST rate (basis points) the line was sold at; null before GST invoices. */
  hsn_code: ColumnType<string | null, string | null | undefined, string | null>;
  gst_rate_bp: ColumnType<number | null, number | null | undefined, number | null>;
  weight_grams: ColumnType<number | null, number | null | undefined, number | null>;
  /** Units of the line put back in stock after the sale (cancel, refund of lines, return): each once. */
  restocked_quantity: Generated<number>;
}

/** A GST credit note against an order's invoice, in full or in part. */
export interface CreditNotesTable {
  id: Generated<number>;
  order_id: number;
  /** The refund it documents; null when the order was cancelled or refunded as a whole. */
  refund_id: number | null;
  number: string;
  /** What it credits, GST included. */
  amount_paise: number;
  issued_at: string;
}

export interface CategoryTaxDefaultsTable {
  category_slug: string;
  hsn_code: string;
  weight_grams: number;
}

export interface GstRatesTable {
  id: Generated<number>;
  hsn_prefix: string;
  rate_bp: number;
  effective_from: string;
  max_unit_paise: number | null;
  note: Generated<string>;
}

export interface DocumentSeriesTable {
  series: string;
  financial_year: string;
  last_number: number;
}

export interface PinServiceabilityTable {
  pin: string;
  serviceable: number;
  cod: number;
  days: number;
  updated_at: Timestamp;
}

export interface ShopSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  razorpay_payment_id: string;
  status: "paid" | "failed" | "mismatch";
  amount_paise: number | null;
  source: string;
  error_code: string | null;
  error_description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  by: string;
  note: string | null;
  at: Timestamp;
}

export interface WebhookEventsTable {
  event_id: string;
  event: string;
  order_id: number | null;
  outcome: string;
  received_at: Timestamp;
}

export interface ProductsFtsTable {
  rowid: number;
  title: string;
  brand: string;
  category: string;
  description: string;
  /** The product's sizes' part numbers, each also written without its dashes and slashes. */
  part_numbers: string;
}

export type OutboxStatus = "waiting" | "sent" | "failed";

export interface OutboxTable {
  id: Generated<number>;
  channel: "email" | "whatsapp";
  /** Which message (a template name, e.g. 'order_confirmation'). */
  kind: string;
  /** An e-mail address or a phone number with its country code. */
  recipient: string;
  /** JSON the template renders from, captured when the row was written. */
  payload: string;
  /** Stable id of the message (the Message-ID header): a retry is the same message. */
  message_id: string;
  /** At most one message per key (e.g. one confirmation per order and recipient). */
  dedupe_key: string | null;
  order_id: number | null;
  user_id: number | null;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  /** Attempts of the current round (the retry budget): back to 0 when the admin resends. */
  attempts: Generated<number>;
  /** Every delivery attempt, resends included (what the admin's outbox page shows). */
  total_attempts: Generated<number>;
  next_attempt_at: string;
  /** The worker sending it now ('host:pid:boot'), until `claimed_until`. */
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the token the mail carries; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type RefundStatus = "pending" | "processed" | "failed";

export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  amount_paise: number;
  status: RefundStatus;
  razorpay_refund_id: string | null;
  razorpay_payment_id: string | null;
  reason: Generated<string>;
  error: string | null;
  by: string;
  created_at: string;
  updated_at: string;
}

export interface RefundItemsTable {
  refund_id: number;
  order_item_id: number;
  quantity: number;
}

export type ReturnStatus = "requested" | "approved" | "declined" | "refunded";

export interface ReturnRequestsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  status: ReturnStatus;
  reason: string;
  /** The admin's reason for a decline (or a note on an approval). */
  decision_note: string | null;
  /** The refund made when the returned goods arrived. */
  refund_id: number | null;
  created_at: string;
  decided_at: string | null;
}

export interface ReturnItemsTable {
  return_id: number;
  order_item_id: number;
  quantity: number;
}

export interface ReturnPhotosTable {
  id: Generated<number>;
  return_id: number;
  /** Image key (see utils/images.ts). */
  image: string;
}

export interface DB {
  categories: CategoriesTable;
  brands: BrandsTable;
  vehicles: VehiclesTable;
  products: ProductsTable;
  product_colors: ProductColorsTable;
  product_color_images: ProductColorImagesTable;
  product_sizes: ProductSizesTable;
  product_variants: ProductVariantsTable;
  product_vehicles: ProductVehiclesTable;
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  throttle_events: ThrottleEventsTable;
  known_logins: KnownLoginsTable;
  cart_items: CartItemsTable;
  addresses: AddressesTable;
  products_fts: ProductsFtsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  credit_notes: CreditNotesTable;
  payments: PaymentsTable;
  order_status_history: OrderStatusHistoryTable;
  webhook_events: WebhookEventsTable;
  outbox: OutboxTable;
  password_resets: PasswordResetsTable;
  refunds: RefundsTable;
  refund_items: RefundItemsTable;
  return_requests: ReturnRequestsTable;
  return_items: ReturnItemsTable;
  return_photos: ReturnPhotosTable;
  category_tax_defaults: CategoryTaxDefaultsTable;
  gst_rates: GstRatesTable;
  document_series: DocumentSeriesTable;
  pin_serviceability: PinServiceabilityTable;
  shop_settings: ShopSettingsTable;
}

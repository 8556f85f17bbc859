import type { ColumnType, Generated } from "kysely";

/** ISO-8601 UTC text, filled by SQLite when omitted. */
type Timestamp = ColumnType<string, string | undefined, string>;

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  position: Generated<number>;
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
}

export interface ProductColorsTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  position: Generated<number>;
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

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
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

export interface ProductsFtsTable {
  rowid: number;
  title: string;
  brand: string;
  category: string;
  description: string;
}

export interface DB {
  categories: CategoriesTable;
  brands: BrandsTable;
  vehicles: VehiclesTable;
  products: ProductsTable;
  product_colors: ProductColorsTable;
  product_color_images: ProductColorImagesTable;
  product_sizes: ProductSizesTable;
  product_vehicles: ProductVehiclesTable;
  users: UsersTable;
  cart_items: CartItemsTable;
  addresses: AddressesTable;
  products_fts: ProductsFtsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
}

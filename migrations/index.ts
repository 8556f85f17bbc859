import type { Migration } from "kysely";
import * as catalog from "./20261123T000000_catalog";
import * as accounts from "./20261123T010000_accounts";
import * as cartAddresses from "./20261123T020000_cart_addresses";
import * as storefront from "./20261123T030000_storefront";
import * as orders from "./20261123T040000_orders";
import * as performanceIndexes from "./20261123T060000_performance";
import * as hardening from "./20261123T070000_hardening";
import * as afterSale from "./20261123T100000_after_sale";
import * as returns from "./20261123T100100_returns";
import * as indiaCheckout from "./20261123T110000_india_checkout";
import * as catalogVersion from "./20261123T120000_catalog_version";
import * as variants from "./20261123T130000_variants";
import * as categoryHomeTiles from "./20261123T140000_category_home_tiles";
import * as chargeRulesVersion from "./20261126T000000_charge_rules_version";
import * as replacedOrders from "./20261127T000000_replaced_orders";
import * as afterSaleLedgers from "./20261127T010000_after_sale_ledgers";
import * as taxDefaultsVersion from "./20261127T020000_tax_defaults_version";
import * as invoiceSeller from "./20261128T000000_invoice_seller";
import * as postgresMoneyBigint from "./20261128T090000_postgres_money_bigint";
import * as whatsappOptOut from "./20261129T000000_whatsapp_opt_out";
import * as outboxTotalAttempts from "./20261129T080000_outbox_total_attempts";
import * as partNumberSearch from "./20261129T090000_part_number_search";

/**
 * Every migration, by its timestamped name. Add new ones here (names sort by time).
 * An explicit list keeps the server bundle, the scripts and the tests on one source.
 */
export const migrations: Record<string, Migration> = {
  "20261123T000000_catalog": catalog,
  "20261123T010000_accounts": accounts,
  "20261123T020000_cart_addresses": cartAddresses,
  "20261123T030000_storefront": storefront,
  "20261123T040000_orders": orders,
  "20261123T060000_performance": performanceIndexes,
  "20261123T070000_hardening": hardening,
  "20261123T100000_after_sale": afterSale,
  "20261123T100100_returns": returns,
  "20261123T110000_india_checkout": indiaCheckout,
  "20261123T120000_catalog_version": catalogVersion,
  "20261123T130000_variants": variants,
  "20261123T140000_category_home_tiles": categoryHomeTiles,
  "20261126T000000_charge_rules_version": chargeRulesVersion,
  "20261127T000000_replaced_orders": replacedOrders,
  "20261127T010000_after_sale_ledgers": afterSaleLedgers,
  "20261127T020000_tax_defaults_version": taxDefaultsVersion,
  "20261128T000000_invoice_seller": invoiceSeller,
  "20261128T090000_postgres_money_bigint": postgresMoneyBigint,
  "20261129T000000_whatsapp_opt_out": whatsappOptOut,
  "20261129T080000_outbox_total_attempts": outboxTotalAttempts,
  "20261129T090000_part_number_search": partNumberSearch,
};

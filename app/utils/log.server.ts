// The app logs through the production server's JSON logger (one line per event, LOG_LEVEL),
// so journald gets one format from the server, the app and the `shop` command.
import { log } from "../../server/log.mjs";

export { log, setLogLevel } from "../../server/log.mjs";

export type SecurityEvent =
  | "login.failed"
  | "login.throttled"
  | "signup.throttled"
  | "password.changed"
  | "password.reset_requested"
  | "password.reset_throttled"
  | "hashing.busy"
  | "order.throttled"
  | "admin.product"
  | "admin.order"
  | "admin.settings"
  | "webhook.signature_failed"
  | "payment.callback_unsigned"
  | "request.cross_site";

/**
 * A security event (failed logins, throttling, admin changes, refused requests), `warn` for what may
 * be an attack, `info` for an admin's change. No secret is ever passed in: passwords, tokens and
 * cookies stay out; e-mails and user ids are the only identity.
 */
export function securityEvent(event: SecurityEvent, fields: Record<string, unknown> = {}): void {
  log(event.startsWith("admin.") || event === "password.changed" ? "info" : "warn", event, {
    security: true,
    ...fields,
  });
}

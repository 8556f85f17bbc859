/**
 * Structured log lines (one JSON object per line on stdout, for journald). Security events
 * (failed logins, throttling, admin changes, refused requests) go through `securityEvent`; no
 * secret is ever passed in: passwords, tokens and cookies stay out, e-mails are the only identity.
 */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? "info").toLowerCase() as Level;
  return ORDER[level] ?? ORDER.info;
}

export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

export type SecurityEvent =
  | "login.failed"
  | "login.throttled"
  | "signup.throttled"
  | "password.changed"
  | "hashing.busy"
  | "order.throttled"
  | "admin.product"
  | "admin.order"
  | "webhook.signature_failed"
  | "payment.callback_unsigned"
  | "request.cross_site";

/** A security event: `warn` for what may be an attack, `info` for an admin's change. */
export function securityEvent(event: SecurityEvent, fields: Record<string, unknown> = {}): void {
  log(event.startsWith("admin.") || event === "password.changed" ? "info" : "warn", event, {
    security: true,
    ...fields,
  });
}

// Logs for an operator: one JSON line per event on stdout (journald keeps it), filtered by LOG_LEVEL
// (debug, info (default), warn, error). The server, the `shop` command and the app all write through it.
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold = LEVELS[process.env.LOG_LEVEL ?? "info"] ?? LEVELS.info;

/** Sets the level after the environment was read (an env file may set LOG_LEVEL). */
export function setLogLevel(level) {
  threshold = LEVELS[level] ?? threshold;
}

/**
 * Writes `{"time", "level", "msg", ...fields}` as one line.
 * @param {"debug" | "info" | "warn" | "error"} level
 * @param {string} msg
 * @param {Record<string, unknown>} [fields]
 */
export function log(level, msg, fields) {
  if (LEVELS[level] < threshold) return;
  const line = { time: new Date().toISOString(), level, msg, ...fields };
  if (typeof line.path === "string") line.path = redactPath(line.path);
  process.stdout.write(JSON.stringify(line, errorFields) + "\n");
}

/**
 * Path segments that are secrets: a password-reset link's token (/reset-password/{token}, and its
 * `.data` request) would let anyone who reads the log set that shopper's password. Routes match in
 * any case, so this does too.
 */
const SECRET_SEGMENT = /(\/reset-password\/)[^/]+?(\.data)?(?=\/|$)/gi;

/** A URL path fit for the log: its query dropped and secret segments replaced by "…". */
export function redactPath(path) {
  const q = path.indexOf("?");
  return (q === -1 ? path : path.slice(0, q)).replace(SECRET_SEGMENT, "$1…$2");
}

/** An Error in the fields becomes its name, message and stack (for the log only, never for a client). */
function errorFields(_key, value) {
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

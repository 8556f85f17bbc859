// Ports of the servers that specs start for themselves, beside the run's main server (E2E_PORT).
// One each: specs in different Playwright workers run at the same time and must never share one.
const base = Number(process.env.E2E_PORT);

export const SERVER_PORTS = {
  flood: base + 1,
  outbox: base + 2,
  passwordReset: { js: base + 3, "no-js": base + 4 } as Record<string, number>,
  workers: base + 5,
  /** Two app servers on one PostgreSQL database (postgres-servers.spec.ts). */
  postgres: [base + 6, base + 7] as const,
  /** The server that checkout-fault.spec.ts kills and restarts. */
  fault: base + 8,
  /** The server whose request body budget hardening-server.spec.ts fills. */
  bodies: base + 9,
};

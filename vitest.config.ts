import { configDefaults, defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// SHOP_TEST_ENGINE=postgres runs the integration tests again on PostgreSQL, on a throwaway cluster
// that the global setup starts (tests/support/postgres-setup.ts); the unit tests touch no database.
const postgres = process.env.SHOP_TEST_ENGINE === "postgres";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: postgres
      ? ["tests/integration/**/*.test.ts"]
      : ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "app/**/*.test.ts"],
    // On PostgreSQL, not again: SQLite's own (its query plans, its file backups) and what no
    // database changes (the demo seed's content, the release archive, the systemd and Caddy files).
    exclude: [
      ...configDefaults.exclude,
      ...(postgres
        ? [
            "tests/integration/db/query-plans.test.ts",
            "tests/integration/db/seed.test.ts",
            "tests/integration/ops/backup.test.ts",
            "tests/integration/ops/deploy.test.ts",
            "tests/integration/ops/release.test.ts",
          ]
        : []),
    ],
    globalSetup: postgres ? ["tests/support/postgres-setup.ts"] : [],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

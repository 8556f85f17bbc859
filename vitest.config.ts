import { configDefaults, defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Two projects in one run, sharing its workers: everything on SQLite, and the integration tests
// again on PostgreSQL (SHOP_TEST_ENGINE=postgres), on a throwaway cluster that the project's global
// setup starts (tests/support/postgres-setup.ts). `--project sqlite` or `--project postgres` runs one.
const INTEGRATION = "tests/integration/**/*.test.ts";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["tests/unit/**/*.test.{ts,tsx}", INTEGRATION, "app/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: [INTEGRATION],
          // Not again on PostgreSQL: SQLite's own (its query plans, its file backups) and what no
          // database changes (the demo seed's content, the release archive, the systemd and Caddy files).
          exclude: [
            ...configDefaults.exclude,
            "tests/integration/db/query-plans.test.ts",
            "tests/integration/db/seed.test.ts",
            "tests/integration/ops/backup.test.ts",
            "tests/integration/ops/check.test.ts",
            "tests/integration/ops/deploy.test.ts",
            "tests/integration/ops/release.test.ts",
          ],
          env: { SHOP_TEST_ENGINE: "postgres" },
          globalSetup: ["tests/support/postgres-setup.ts"],
        },
      },
    ],
  },
});

import net from "node:net";
import { sql } from "kysely";
import type { TestProject } from "vitest/node";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { startCluster } from "../../scripts/postgres-cluster.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Vitest's global setup on PostgreSQL: a throwaway cluster for this run, and `shop_template`, a
 * database migrated once, which every test copies (`create database ... template`) in a few ms.
 */
export default async function setup(project: TestProject) {
  const cluster = startCluster({ port: await freePort() });
  const template = createDatabase(cluster.url.replace(/\/postgres$/, "/shop_template"));
  const admin = createDatabase(cluster.url);
  try {
    await sql`create database shop_template`.execute(admin);
  } finally {
    await admin.destroy();
  }
  await migrateToLatest(template);
  await template.destroy();
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}

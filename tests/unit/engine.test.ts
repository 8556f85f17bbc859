import { describe, expect, it } from "vitest";
import { engineOfUrl, sqliteFile } from "~/db/engine";
import { parseEnv } from "~/utils/env.server";

const secretFile = () => "test-secret-0123456789abcdef0123456789";

describe("DATABASE_URL picks the engine", () => {
  it("is PostgreSQL for postgres:// and postgresql:// URLs, SQLite for anything else", () => {
    expect(engineOfUrl("postgres://shop@db.internal:5432/shop")).toBe("postgres");
    expect(engineOfUrl("postgresql://shop:pw@10.0.0.5/shop?sslmode=require")).toBe("postgres");
    expect(engineOfUrl("POSTGRES://shop@db/shop")).toBe("postgres");
    expect(engineOfUrl("data/shop.db")).toBe("sqlite");
    expect(engineOfUrl("/var/lib/overland-shop/shop.db")).toBe("sqlite");
    expect(engineOfUrl("file:data/shop.db")).toBe("sqlite");
    expect(engineOfUrl("postgres.db")).toBe("sqlite");
  });

  it("reads a file: URL as the file it names", () => {
    expect(sqliteFile("file:data/shop.db")).toBe("data/shop.db");
    expect(sqliteFile("file:///var/lib/shop/shop.db")).toBe("/var/lib/shop/shop.db");
    expect(sqliteFile("data/shop.db")).toBe("data/shop.db");
  });

  it("keeps the data folder out of a PostgreSQL URL", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://shop@db.internal/shop" }, secretFile);
    expect(env.DATABASE_URL).toBe("postgres://shop@db.internal/shop");
    expect(env.DATA_DIR).toBe("data");
    expect(parseEnv({ DATABASE_URL: "/srv/shop/shop.db" }, secretFile).DATA_DIR).toBe("/srv/shop");
  });
});

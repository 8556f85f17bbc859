import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogVersion, startRequest, startTurn } from "~/models/catalog-version.server";
import { testEngine, type TestDb, withAppDb } from "../../support/db";

// On PostgreSQL the version comes from NOTIFY and startRequest does nothing (see the model).
describe.skipIf(testEngine === "postgres")("the catalogue version a request reads", () => {
  let t: TestDb;
  /** Another server process's connection to the same database. */
  let other: Database.Database;
  beforeAll(async () => {
    t = await withAppDb();
    other = new Database(t.file);
  });
  afterAll(async () => {
    other.close();
    await t.cleanup();
  });

  const bump = () => other.prepare("update catalog_version set version = version + 1").run();
  const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("is read once as a GET starts and serves the rest of that turn of the event loop", async () => {
    await endOfTurn();
    const before = catalogVersion();
    expect(startRequest("GET")).toBeUndefined();
    expect(catalogVersion()).toBe(before);
    bump(); // another worker's edit, while this turn's requests are answered
    expect(catalogVersion()).toBe(before);
    await endOfTurn();
    expect(catalogVersion()).toBe(before + 1);
  });

  it("is read again by every request that starts, so an edit made before it is seen at once", async () => {
    await endOfTurn();
    startRequest("GET");
    const before = catalogVersion();
    bump();
    startRequest("GET");
    expect(catalogVersion()).toBe(before + 1);
  });

  it("is read again as a queued render starts, in a later turn than its request", async () => {
    await endOfTurn();
    startRequest("GET"); // the request arrives
    const before = catalogVersion();
    bump(); // an edit before its render starts
    startTurn();
    expect(catalogVersion()).toBe(before + 1);
    bump();
    expect(catalogVersion()).toBe(before + 1); // the rest of that turn
    await endOfTurn();
    startTurn();
    expect(catalogVersion()).toBe(before + 2);
  });

  it("is read afresh at every call while a request that may write is in flight", async () => {
    await endOfTurn();
    startRequest("GET");
    const before = catalogVersion();
    const ended = startRequest("POST");
    expect(ended).toBeTypeOf("function");
    bump(); // the post's own change
    expect(catalogVersion()).toBe(before + 1);
    bump();
    expect(catalogVersion()).toBe(before + 2);
    ended!();
    ended!(); // a second call changes nothing
    startRequest("GET");
    bump();
    expect(catalogVersion()).toBe(before + 2);
    await endOfTurn();
    expect(catalogVersion()).toBe(before + 3);
  });
});

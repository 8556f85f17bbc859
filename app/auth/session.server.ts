import {
  createCookie,
  createSessionStorage,
  type Session,
  type SessionStorage,
} from "@remix-run/node";
import type { Kysely } from "kysely";
import { db as appDb } from "~/db/db.server";
import { prepared } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import type { PublicUser } from "~/models/user.server";
import { rememberParsed } from "~/utils/cookie-memo.server";
import { getEnv } from "~/utils/env.server";
import { newToken, tokenHash } from "~/utils/secret-token.server";

export type SessionUser = PublicUser;
type SessionData = { userId: number };

/** How long a login lasts without another login. */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;
/** How long a session lasts unused: a week for shoppers, 12 hours for admins. */
export const IDLE_TIMEOUT_MS = { customer: 7 * 24 * 3600_000, admin: 12 * 3600_000 } as const;
/** last_seen_at is written at most this often (a page view is not a write). */
const TOUCH_EVERY_MS = 5 * 60_000;

const sessionWithUser = prepared((db, key: string) =>
  db
    .selectFrom("sessions")
    .leftJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.data",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "sessions.created_at",
      "users.id as user_id",
      "users.email",
      "users.role",
    ])
    .where("sessions.id", "=", key),
);

/** A session row with its user (one statement), after the expiry checks; null when there is none. */
async function readSession(
  database: Kysely<DB>,
  id: string,
): Promise<{ data: SessionData; user: SessionUser | null } | null> {
  const key = tokenHash(id);
  const [row] = await sessionWithUser(database, key);
  if (!row) return null;
  const now = Date.now();
  const lastSeen = Date.parse(row.last_seen_at ?? row.created_at);
  const idle = IDLE_TIMEOUT_MS[row.role ?? "customer"];
  if (Date.parse(row.expires_at) <= now || now - lastSeen > idle) {
    await database.deleteFrom("sessions").where("id", "=", key).execute();
    return null;
  }
  if (now - lastSeen > TOUCH_EVERY_MS) {
    await database
      .updateTable("sessions")
      .set({ last_seen_at: new Date(now).toISOString() })
      .where("id", "=", key)
      .execute();
  }
  const user =
    row.user_id !== null && row.email !== null && row.role !== null
      ? { id: row.user_id, email: row.email, role: row.role }
      : null;
  return { data: JSON.parse(row.data), user };
}

/**
 * Sessions live in the `sessions` table. The cookie holds only a random id (signed with
 * SESSION_SECRET); the table keys rows by the id's SHA-256, so a copy of the database
 * gives no working cookie.
 */
function createStore(database: Kysely<DB>, options: { secret: string; secure: boolean }) {
  const cookie = rememberParsed(
    createCookie(options.secure ? "__Host-session" : "session", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: options.secure,
      secrets: [options.secret],
      maxAge: SESSION_MAX_AGE_S,
    }),
  );
  const expiry = (expires?: Date) =>
    (expires ?? new Date(Date.now() + SESSION_MAX_AGE_S * 1000)).toISOString();
  const userIdOf = (data: Partial<SessionData>) =>
    typeof data.userId === "number" ? data.userId : null;

  const store = createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const id = newToken();
      await database
        .insertInto("sessions")
        .values({
          id: tokenHash(id),
          user_id: userIdOf(data),
          data: JSON.stringify(data),
          expires_at: expiry(expires),
          last_seen_at: new Date().toISOString(),
        })
        .execute();
      return id;
    },
    async readData(id) {
      return (await readSession(database, id))?.data ?? null;
    },
    async updateData(id, data, expires) {
      await database
        .updateTable("sessions")
        .set({ data: JSON.stringify(data), user_id: userIdOf(data), expires_at: expiry(expires) })
        .where("id", "=", tokenHash(id))
        .execute();
    },
    async deleteData(id) {
      if (id) await database.deleteFrom("sessions").where("id", "=", tokenHash(id)).execute();
    },
  });
  /** The request's user, read with its session in one statement (what getSession then `userId` gives). */
  const userOf = async (request: Request): Promise<SessionUser | null> => {
    const id: unknown = await cookie.parse(request.headers.get("Cookie"));
    return typeof id === "string" && id ? ((await readSession(database, id))?.user ?? null) : null;
  };
  return { store, userOf };
}

export function createDbSessionStorage(
  database: Kysely<DB>,
  options: { secret: string; secure: boolean },
): SessionStorage<SessionData> {
  return createStore(database, options).store;
}

let storage: ({ db: typeof appDb } & ReturnType<typeof createStore>) | undefined;
/** The app's session storage, made again only when the app's database is another (tests). */
function appStore(): ReturnType<typeof createStore> {
  if (storage?.db !== appDb) {
    const env = getEnv();
    storage = {
      db: appDb,
      ...createStore(appDb, { secret: env.SESSION_SECRET, secure: env.isHttps }),
    };
  }
  return storage;
}

export function sessionStorage(): SessionStorage<SessionData> {
  return appStore().store;
}

export async function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** The stored key (SHA-256) of this request's session, to keep it when the user's other sessions end. */
export async function sessionKey(request: Request): Promise<string | undefined> {
  const session = await getSession(request);
  return session.id ? tokenHash(session.id) : undefined;
}

/**
 * The user of each page request being answered: the root's loader and the page's read the session
 * once between them (Remix hands a page's loaders one Request; see patches/). Only for GET and
 * HEAD, which change no session; an action that logs in or out reads afresh.
 */
const usersOfRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The logged-in user of this request, or null. */
export function getUser(request: Request): Promise<SessionUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return readUser(request);
  let user = usersOfRequest.get(request);
  if (!user) {
    user = readUser(request);
    usersOfRequest.set(request, user);
  }
  return user;
}

function readUser(request: Request): Promise<SessionUser | null> {
  return appStore().userOf(request);
}

/**
 * Starts a session for the user: always a new id (the old session, if any, is deleted), so
 * an id known before login is worth nothing after it. Returns the Set-Cookie value.
 */
export async function createUserSession(request: Request, userId: number): Promise<string> {
  const store = sessionStorage();
  const old = await getSession(request);
  if (old.id) await store.destroySession(old);
  const session = await store.getSession();
  session.set("userId", userId);
  // Expired rows are of no further use.
  await appDb.deleteFrom("sessions").where("expires_at", "<", new Date().toISOString()).execute();
  return store.commitSession(session);
}

/** Deletes the session row (a copied cookie stops working) and returns the clearing Set-Cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const store = sessionStorage();
  return store.destroySession(await getSession(request));
}

// One process at a time on a data folder: `shop serve`, `shop migrate` and `shop restore` take the
// folder; a second one refuses with the first one's pid instead of writing beside it.
//
// The lock is a Linux abstract socket named after the folder's device and inode: the kernel lets
// only one process bind it and frees it when that process dies, however it dies, so there is never
// a stale lock to clean up and no race between two starts. `shop.pid` in the folder says who holds it.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const PID_FILE = "shop.pid";

export class DataFolderBusy extends Error {}

/** The data folder cannot be created or written (a read-only mount, another owner, a full disk). */
export class DataFolderUnwritable extends Error {}

function unwritable(dir, error) {
  return new DataFolderUnwritable(
    `The data folder ${path.resolve(dir)} cannot be written (${error.message}): give the shop's user ` +
      "write access to it, free its disk, or set DATA_DIR to another folder (shop check tells more).",
  );
}

const held = (globalThis.__shopDataLocks ??= new Map());

function lockName(dir) {
  const { dev, ino } = fs.statSync(dir);
  return `\0overland-shop-data-${dev}-${ino}`;
}

/**
 * Takes the data folder for this process (again is fine) until it exits or calls the returned release.
 * Throws DataFolderBusy when another process holds it, DataFolderUnwritable when it cannot be written.
 * @param {string} dir the data folder (created when missing)
 * @returns {Promise<() => void>}
 */
export async function lockDataFolder(dir) {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw unwritable(dir, error);
  }
  const name = lockName(dir);
  const existing = held.get(name);
  if (existing) return existing;
  const server = net.createServer();
  await new Promise((resolve, reject) => {
    server.once("error", (error) => {
      if (error.code !== "EADDRINUSE") return reject(error);
      const pid = readPid(dir);
      reject(
        new DataFolderBusy(
          `Another shop process${pid ? ` (pid ${pid})` : ""} is using the data folder ${path.resolve(dir)}; ` +
            "stop it first (systemctl stop overland-shop), or give this one another DATA_DIR.",
        ),
      );
    });
    server.listen(name, resolve);
  });
  server.unref();
  const pidFile = path.join(dir, PID_FILE);
  try {
    fs.writeFileSync(pidFile, `${process.pid}\n`);
  } catch (error) {
    server.close();
    throw unwritable(dir, error);
  }
  const release = () => {
    if (!held.has(name)) return;
    held.delete(name);
    server.close();
    if (readPid(dir) === process.pid) fs.rmSync(pidFile, { force: true });
  };
  held.set(name, release);
  process.once("exit", release);
  return release;
}

function readPid(dir) {
  try {
    return Number(fs.readFileSync(path.join(dir, PID_FILE), "utf8").trim()) || null;
  } catch {
    return null;
  }
}

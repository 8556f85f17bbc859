// A throwaway PostgreSQL cluster for the tests: Debian's postgresql package (installed when it is
// missing and we may: root and apt-get), initdb into a fresh folder, a server on a loopback port with
// its socket in that folder, trust authentication for the test user only. Run by root (CI), the
// cluster belongs to the `postgres` account, as PostgreSQL refuses to run as root.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { canInstallPackages, installDebianPackage } from "./debian-package.mjs";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** The folder of Debian's PostgreSQL programs (the newest version installed), or undefined. */
function binDir() {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], "bin") : undefined;
}

export function ensurePostgres() {
  let bin = binDir();
  if (bin) return bin;
  if (!canInstallPackages()) {
    throw new Error(
      "PostgreSQL was not found. Install it with: sudo apt-get install postgresql " +
        "(the tests start their own throwaway cluster).",
    );
  }
  console.log("PostgreSQL is missing: installing Debian's postgresql package...");
  installDebianPackage("postgresql", { options: "--no-install-recommends" });
  bin = binDir();
  if (!bin) throw new Error("the postgresql package installed no initdb");
  return bin;
}

/** Runs a PostgreSQL program as the cluster's owner. */
function runAs(bin, program, args, options = {}) {
  const file = path.join(bin, program);
  return isRoot
    ? execFileSync("runuser", ["-u", "postgres", "--", file, ...args], options)
    : execFileSync(file, args, options);
}

/**
 * Starts a new cluster on `port`; resolves to its URL (database `postgres`, user `shop`, a
 * superuser so that tests can create and drop databases) and a `stop()` that removes it all.
 */
export function startCluster({ port }) {
  const bin = ensurePostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pg-"));
  const data = path.join(dir, "data");
  fs.mkdirSync(data, { mode: 0o700 });
  if (isRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  runAs(bin, "initdb", ["-D", data, "-U", "shop", "-A", "trust", "-E", "UTF8", "--no-sync"], {
    stdio: "ignore",
  });
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    // A throwaway cluster: nothing needs to survive a crash, and tests make many databases.
    `-c fsync=off`,
    `-c synchronous_commit=off`,
    `-c full_page_writes=off`,
    `-c max_connections=300`,
    `-c shared_buffers=128MB`,
  ].join(" ");
  runAs(bin, "pg_ctl", ["-D", data, "-o", settings, "-l", path.join(dir, "log"), "-w", "start"], {
    stdio: "ignore",
  });
  const url = `postgres://shop@127.0.0.1:${port}/postgres`;
  return {
    url,
    dir,
    stop() {
      try {
        runAs(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"], { stdio: "ignore" });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// Browser tests use Debian's Chromium. Install it when it is missing and we may (root + apt-get).
import { execSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

if (!fs.existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync("command -v apt-get", { stdio: "ignore" });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    execSync(
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
      {
        stdio: "inherit",
      },
    );
  } else {
    console.error(
      `Chromium was not found at ${CHROMIUM}. Install it with: sudo apt-get install chromium ` +
        "(or set CHROMIUM_PATH to a Chromium binary).",
    );
    process.exit(1);
  }
}

// Tests that need a Debian package's command install it the way scripts/ensure-chromium.mjs installs
// Chromium: when it is missing and we are root with apt-get. Otherwise the test is skipped, saying why.
import { execSync } from "node:child_process";

const has = (command: string) => {
  try {
    execSync(`command -v ${command}`, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/** Whether `command` can be run, after installing Debian's `pkg` when that is possible. */
export function ensureDebianCommand(command: string, pkg: string): boolean {
  if (has(command)) return true;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && has("apt-get")) {
    try {
      execSync(
        `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`,
        { stdio: "ignore" },
      );
    } catch {
      // Reported below as missing.
    }
  }
  if (has(command)) return true;
  console.warn(
    `Skipped: ${command} is not installed (Debian package ${pkg}; install it with: sudo apt-get install ${pkg}).`,
  );
  return false;
}

// Installs one of Debian's packages for the tests (Chromium, PostgreSQL, Caddy, systemd...) when
// it is missing and we may: as root, with apt-get. The one place that knows how.
import { execSync } from "node:child_process";

export function hasCommand(command) {
  try {
    execSync(`command -v ${command}`, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Whether we may install packages here (root, and apt-get is there). */
export function canInstallPackages() {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  return isRoot && hasCommand("apt-get");
}

/** Installs Debian's `pkg` (extra apt-get options may follow); throws when apt-get fails. */
export function installDebianPackage(pkg, { quiet = false, options = "" } = {}) {
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${options} ${pkg}`,
    { stdio: quiet ? "ignore" : "inherit" },
  );
}

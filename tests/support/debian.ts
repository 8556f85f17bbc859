// Tests that need a Debian package's command install it the way scripts/ensure-chromium.mjs installs
// Chromium: when it is missing and we are root with apt-get. Otherwise the test is skipped, saying why.
import {
  canInstallPackages,
  hasCommand,
  installDebianPackage,
} from "../../scripts/debian-package.mjs";

/** Whether `command` can be run, after installing Debian's `pkg` when that is possible. */
export function ensureDebianCommand(command: string, pkg: string): boolean {
  if (hasCommand(command)) return true;
  if (canInstallPackages()) {
    try {
      installDebianPackage(pkg, { quiet: true });
    } catch {
      // Reported below as missing.
    }
  }
  if (hasCommand(command)) return true;
  console.warn(
    `Skipped: ${command} is not installed (Debian package ${pkg}; install it with: sudo apt-get install ${pkg}).`,
  );
  return false;
}

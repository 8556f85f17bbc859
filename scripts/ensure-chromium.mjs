// Browser tests use Debian's Chromium. Install it when it is missing and we may (root + apt-get).
import fs from "node:fs";
import { canInstallPackages, installDebianPackage } from "./debian-package.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

if (!fs.existsSync(CHROMIUM)) {
  if (canInstallPackages()) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    installDebianPackage("chromium");
  } else {
    console.error(
      `Chromium was not found at ${CHROMIUM}. Install it with: sudo apt-get install chromium ` +
        "(or set CHROMIUM_PATH to a Chromium binary).",
    );
    process.exit(1);
  }
}

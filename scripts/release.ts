/**
 * `npm run release`: one archive, release/overland-shop-<version>-linux-x64.tar.gz, that runs on a
 * Linux x86-64 server with nothing installed. Unpacked:
 *
 *   overland-shop-<version>/
 *     shop               the command (a shell script that runs the Node.js below)
 *     runtime/node       the Node.js this was built with
 *     lib/               the `shop` command, the server and the app, bundled by esbuild (chunks shared)
 *     app/server/        the Remix server build, bundled        app/client/  its static files
 *     node_modules/      only what cannot be bundled: better-sqlite3 and sharp (native), with their own
 *                        dependencies, built for this machine's Node.js
 *
 * Why a folder in a tarball rather than one executable: docs/decisions/0006-release-archive.md.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = process.cwd();
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
if (process.platform !== "linux" || process.arch !== "x64") {
  console.error(
    `A release is built on Linux x86-64 (its native modules are this machine's); this is ${process.platform}-${process.arch}.`,
  );
  process.exit(1);
}
const name = `overland-shop-${pkg.version}`;
const releaseDir = path.join(root, "release");
const work = path.join(releaseDir, ".work");
const top = path.join(work, name);
const started = Date.now();
const step = (msg: string) =>
  console.log(`[release ${((Date.now() - started) / 1000).toFixed(1)} s] ${msg}`);

fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(top, { recursive: true });

// 1. The Remix production build, into a folder of its own.
step("remix vite:build");
const viteBuild = path.join(work, "vite-build");
execFileSync(
  process.execPath,
  [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build", "--logLevel", "warn"],
  {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", REMIX_BUILD_DIR: viteBuild },
  },
);
fs.cpSync(path.join(viteBuild, "client"), path.join(top, "app", "client"), { recursive: true });

// 2. One esbuild graph for the command, the server and the app, so they share one copy of each
//    module (Remix, React); only the two native modules stay outside.
step("esbuild");
const NATIVE = ["better-sqlite3", "sharp"];
await build({
  entryPoints: {
    "lib/shop": path.join(root, "scripts/shop/cli.ts"),
    "app/server/index": path.join(viteBuild, "server/index.js"),
  },
  outdir: top,
  chunkNames: "lib/chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: NATIVE,
  tsconfig: path.join(root, "tsconfig.json"),
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: 'import { createRequire as __shopRequire } from "node:module"; const require = __shopRequire(import.meta.url);',
  },
  legalComments: "none",
  logLevel: "warning",
});

// 3. The native modules and what they require at run time, copied from node_modules (built here,
//    for this Node.js): their run-time files only, no sources, no build leftovers.
step("native modules");
const INSTALL_TIME_ONLY = new Set(["prebuild-install"]);
const SKIP = /^(src|deps|docs|install|test|binding\.gyp|README\.md|.*\.d\.ts|.*\.md)$/;
const copied = new Set<string>();
function copyPackage(pkgName: string) {
  if (copied.has(pkgName) || INSTALL_TIME_ONLY.has(pkgName)) return;
  const from = path.join(root, "node_modules", pkgName);
  if (!fs.existsSync(from)) return; // an optional dependency for another platform
  copied.add(pkgName);
  const manifest = JSON.parse(fs.readFileSync(path.join(from, "package.json"), "utf8"));
  const to = path.join(top, "node_modules", pkgName);
  for (const entry of fs.readdirSync(from)) {
    if (SKIP.test(entry) || entry === "node_modules") continue;
    if (pkgName === "better-sqlite3" && entry === "build") {
      const addon = "build/Release/better_sqlite3.node";
      fs.mkdirSync(path.dirname(path.join(to, addon)), { recursive: true });
      fs.copyFileSync(path.join(from, addon), path.join(to, addon));
      continue;
    }
    fs.cpSync(path.join(from, entry), path.join(to, entry), {
      recursive: true,
      filter: (src) => !SKIP.test(path.basename(src)),
    });
  }
  for (const dep of [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]) {
    copyPackage(dep);
  }
}
for (const pkgName of NATIVE) copyPackage(pkgName);
// The invoice PDF's fonts (DejaVu Sans, with the rupee sign): two files, not the whole package.
{
  const fonts = path.join(top, "node_modules", "dejavu-fonts-ttf");
  const from = path.join(root, "node_modules", "dejavu-fonts-ttf");
  fs.mkdirSync(path.join(fonts, "ttf"), { recursive: true });
  for (const file of [
    "package.json",
    "LICENSE",
    "ttf/DejaVuSansCondensed.ttf",
    "ttf/DejaVuSansCondensed-Bold.ttf",
  ]) {
    fs.copyFileSync(path.join(from, file), path.join(fonts, file));
  }
}

// 4. The runtime and the command.
step("runtime");
fs.mkdirSync(path.join(top, "runtime"));
fs.copyFileSync(process.execPath, path.join(top, "runtime", "node"));
fs.chmodSync(path.join(top, "runtime", "node"), 0o755);
fs.writeFileSync(
  path.join(top, "shop"),
  `#!/bin/sh
# The shop's command: shop serve | migrate | create-admin EMAIL | backup FILE | restore FILE | check
# It runs the Node.js of this folder; the shop's state lives in DATA_DIR, outside this folder.
set -e
self=$(readlink -f "$0" 2>/dev/null || echo "$0")
case "$self" in */*) here=\${self%/*} ;; *) here=. ;; esac
here=$(cd "$here" && pwd -P)
SHOP_RELEASE_DIR=$here
SHOP_VERSION=${pkg.version}
export SHOP_RELEASE_DIR SHOP_VERSION
exec "$here/runtime/node" "$here/lib/shop.js" "$@"
`,
  { mode: 0o755 },
);
fs.writeFileSync(path.join(top, "VERSION"), `${pkg.version}\n`);
fs.writeFileSync(
  path.join(top, "package.json"),
  JSON.stringify(
    { name: "overland-shop", version: pkg.version, type: "module", private: true },
    null,
    2,
  ) + "\n",
);

// 5. Exactly one archive in release/.
step("archive");
for (const old of fs.readdirSync(releaseDir))
  if (old.endsWith(".tar.gz")) fs.rmSync(path.join(releaseDir, old));
const archive = path.join(releaseDir, `${name}-linux-x64.tar.gz`);
execFileSync("tar", [
  "-czf",
  archive,
  "--owner=0",
  "--group=0",
  "--numeric-owner",
  "-C",
  work,
  name,
]);
fs.rmSync(work, { recursive: true, force: true });
step(`${path.relative(root, archive)}: ${(fs.statSync(archive).size / 1024 / 1024).toFixed(1)} MB`);

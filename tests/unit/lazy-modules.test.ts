import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// sharp, pdfkit, nodemailer, the Razorpay SDK and pg are about 80 MB of a server process's memory,
// needed only by an upload, an invoice, an e-mail, a payment or a PostgreSQL database. The app
// imports them where they are used (`await import(...)`), so a worker that never needs them never
// holds them (docs/decisions/0012-cheaper-renders.md). A static import anywhere in app/ would load
// them into every worker at start.
const LAZY = ["sharp", "pdfkit", "nodemailer", "razorpay", "pg"];
const APP = path.resolve(__dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** Static imports (not `import type`) of one of LAZY, as `file: module`. */
function staticImportsOfLazyModules(files: string[]): string[] {
  const found: string[] = [];
  const statement =
    /^\s*import\s+(?!type\b)[^;]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
  for (const file of files) {
    for (const m of fs.readFileSync(file, "utf8").matchAll(statement)) {
      const name = m[1] ?? m[2];
      if (LAZY.some((lazy) => name === lazy || name.startsWith(`${lazy}/`)))
        found.push(`${path.relative(APP, file)}: ${name}`);
    }
  }
  return found;
}

describe("heavy modules", () => {
  it("are imported by the app only where they are used, never at start", () => {
    const files = sourceFiles(APP);
    expect(files.length).toBeGreaterThan(50);
    expect(staticImportsOfLazyModules(files)).toEqual([]);
    // ...and they are used: each one is imported lazily somewhere.
    const all = files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
    for (const lazy of LAZY) expect(all, lazy).toContain(`import("${lazy}`);
  });

  it("a static import of one is found", () => {
    const probe = path.join(fs.mkdtempSync(path.join(APP, "..", ".lazy-probe-")), "probe.ts");
    try {
      fs.writeFileSync(
        probe,
        'import type { Client } from "pg";\nimport sharp from "sharp";\nimport RazorpayApi from "razorpay/dist/api.js";\n',
      );
      expect(staticImportsOfLazyModules([probe]).map((s) => s.split(": ")[1])).toEqual([
        "sharp",
        "razorpay/dist/api.js",
      ]);
    } finally {
      fs.rmSync(path.dirname(probe), { recursive: true, force: true });
    }
  });
});

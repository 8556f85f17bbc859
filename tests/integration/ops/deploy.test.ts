// The files in deploy/ as the server's tools read them: systemd-analyze verify on the units, caddy
// validate on the Caddyfiles (whose body cap must let the shop's largest request through, and whose
// access log leaves a password-reset token out), and an env file template that names every
// variable the shop reads, with its real default.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BODY_LIMITS } from "../../../server/request-guard.mjs";
import { parseEnv } from "~/utils/env.server";
import { ensureDebianCommand } from "../../support/debian";

const deploy = path.resolve("deploy");
const UNITS = [
  "overland-shop.service",
  "overland-shop-backup.service",
  "overland-shop-backup.timer",
];

describe.skipIf(!ensureDebianCommand("systemd-analyze", "systemd"))("the systemd units", () => {
  it("pass systemd-analyze verify", () => {
    // verify wants the command to exist: a stand-in `shop` takes the release's place.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-units-"));
    fs.writeFileSync(path.join(dir, "shop"), "#!/bin/sh\n", { mode: 0o755 });
    for (const unit of UNITS) {
      const text = fs.readFileSync(path.join(deploy, unit), "utf8");
      fs.writeFileSync(
        path.join(dir, unit),
        text.replaceAll("/opt/overland-shop/current/shop", path.join(dir, "shop")),
      );
    }
    try {
      const out = execFileSync("systemd-analyze", ["verify", ...UNITS], {
        cwd: dir,
        encoding: "utf8",
        stdio: "pipe",
      });
      expect(out).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("harden the service and keep only the data folder writable", () => {
    const unit = fs.readFileSync(path.join(deploy, "overland-shop.service"), "utf8");
    for (const line of [
      "User=overland-shop",
      "StateDirectory=overland-shop",
      "NoNewPrivileges=yes",
      "ProtectSystem=strict",
      "ProtectHome=yes",
      "PrivateTmp=yes",
      "ReadWritePaths=/var/lib/overland-shop",
      "Restart=on-failure",
    ]) {
      expect(unit).toContain(line);
    }
    expect(unit).toMatch(/^MemoryMax=\d+M$/m);
    expect(unit.match(/^ReadWritePaths=.*$/gm)).toEqual(["ReadWritePaths=/var/lib/overland-shop"]);
  });

  it("give the data folder one mode, whichever unit starts last (systemd sets it at each start)", () => {
    for (const name of ["overland-shop.service", "overland-shop-backup.service"]) {
      const unit = fs.readFileSync(path.join(deploy, name), "utf8");
      expect(unit).toContain("StateDirectory=overland-shop\n");
      expect(unit.match(/^StateDirectoryMode=.*$/gm)).toEqual(["StateDirectoryMode=0750"]);
    }
  });
});

describe.skipIf(!ensureDebianCommand("caddy", "caddy"))("the Caddyfiles", () => {
  it.each(["Caddyfile", "Caddyfile.two-servers"])("%s passes caddy validate", (name) => {
    const out = execFileSync(
      "caddy",
      ["validate", "--config", path.join(deploy, name), "--adapter", "caddyfile"],
      {
        encoding: "utf8",
        stdio: "pipe",
      },
    );
    expect(out).toContain("Valid configuration");
  });

  it.each(["Caddyfile", "Caddyfile.two-servers"])(
    "%s lets the shop's largest request through (an admin's product upload), and not much more",
    (name) => {
      // As Caddy reads it (its MB is 10^6 bytes, MiB 2^20): a smaller cap turned uploads the shop
      // takes into a 502 with an empty body.
      const config = execFileSync(
        "caddy",
        ["adapt", "--config", path.join(deploy, name), "--adapter", "caddyfile"],
        { encoding: "utf8", stdio: "pipe" },
      );
      const caps = [...config.matchAll(/"max_size":(\d+)/g)].map((m) => Number(m[1]));
      const largest = Math.max(...Object.values(BODY_LIMITS));
      expect(caps).toHaveLength(1);
      expect(caps[0]).toBeGreaterThanOrEqual(largest);
      expect(caps[0]).toBeLessThanOrEqual(largest + 1024 * 1024);
    },
  );
});

describe.skipIf(!ensureDebianCommand("caddy", "caddy"))("Caddy's access log", () => {
  it.each(["Caddyfile", "Caddyfile.two-servers"])(
    "%s never writes a password-reset token (path or Referer)",
    async (name) => {
      const free = () =>
        new Promise<number>((resolve) => {
          const probe = net.createServer().listen(0, "127.0.0.1", () => {
            const { port } = probe.address() as net.AddressInfo;
            probe.close(() => resolve(port));
          });
        });
      const upstream = http.createServer((_req, res) => res.end("ok"));
      await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
      const upstreamPort = (upstream.address() as net.AddressInfo).port;
      const port = await free();
      // The file as deployed, served on loopback over plain HTTP in front of a stand-in shop.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-caddy-"));
      const config = fs
        .readFileSync(path.join(deploy, name), "utf8")
        .replace(/^\temail .*$/m, "\tadmin off")
        .replace(/^shop\.example\.in \{/m, `http://127.0.0.1:${port} {`)
        .replace(/reverse_proxy [^{\n]+\{/, `reverse_proxy 127.0.0.1:${upstreamPort} {`)
        .replace(/Host shop\.example\.in/, `Host 127.0.0.1`);
      fs.writeFileSync(path.join(dir, "Caddyfile"), config);
      const caddy = spawn("caddy", ["run", "--config", "Caddyfile", "--adapter", "caddyfile"], {
        cwd: dir,
        env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      });
      let out = "";
      caddy.stdout.on("data", (chunk) => (out += chunk));
      caddy.stderr.on("data", (chunk) => (out += chunk));
      try {
        const url = `http://127.0.0.1:${port}`;
        let answer: Response | undefined;
        for (let i = 0; i < 100 && !answer; i++) {
          answer = await fetch(`${url}/reset-password/TOKEN0123456789abc`, {
            headers: { Referer: `${url}/Reset-Password/TOKEN0123456789abc.data?x=1` },
          }).catch(() => new Promise<undefined>((r) => setTimeout(r, 100)));
        }
        expect(answer?.status).toBe(200);
        for (let i = 0; i < 50 && !out.includes('"uri"'); i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(out).toContain('"uri":"/reset-password/…"');
        expect(out).toContain(`"Referer":["${url}/Reset-Password/…?x=1"]`);
        expect(out).not.toContain("TOKEN0123456789abc");
      } finally {
        caddy.kill();
        upstream.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});

describe("the env file template", () => {
  it("names every variable the shop validates", () => {
    const template = fs.readFileSync(path.join(deploy, "shop.env.example"), "utf8");
    const source = fs.readFileSync(path.resolve("app/utils/env.server.ts"), "utf8");
    const names = [...source.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)]
      .map((m) => m[1])
      .filter((n) => n !== "NODE_ENV");
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(template, name).toMatch(new RegExp(`^#?${name}=`, "m"));
  });

  it("shows each variable's real default on its commented line", () => {
    // "a commented line shows its default": uncommenting one must change nothing.
    const template = fs.readFileSync(path.join(deploy, "shop.env.example"), "utf8");
    const base = { DATA_DIR: "/var/lib/overland-shop" };
    // Read no secret file from (nor write one into) that folder.
    const secret = () => "not-read-by-this-test";
    const defaults = parseEnv(base, secret) as unknown as Record<string, unknown>;
    const lines = [...template.matchAll(/^#([A-Z][A-Z0-9_]+)=(.+)$/gm)];
    const checked = lines.filter(([, name]) => defaults[name] !== undefined);
    expect(checked.map(([, name]) => name)).toEqual(
      expect.arrayContaining(["MAIL_FROM", "WHATSAPP_API_URL", "SHOP_PHONE"]),
    );
    for (const [, name, value] of checked) {
      const set = parseEnv({ ...base, [name]: value }, secret) as unknown as Record<
        string,
        unknown
      >;
      expect(set[name], name).toEqual(defaults[name]);
    }
  });
});

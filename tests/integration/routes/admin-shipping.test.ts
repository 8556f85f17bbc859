/**
 * /admin/shipping: the shipping and COD settings form and the serviceability CSV upload, through
 * the route as the server calls it (rupees typed in, paise stored; errors next to their fields).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUserSession } from "~/auth/session.server";
import { getSettings } from "~/models/settings.server";
import { previousMonth, REPORT_MONTH_FORMAT } from "~/models/gst-report.server";
import { loader as gstReport } from "~/routes/admin.gst-report";
import { action, loader } from "~/routes/admin.shipping";
import { ZONES } from "~/utils/shipping-zones";
import { withAppDb, type TestDb } from "../../support/db";
import { callRoute } from "../../support/route";

const BASE = "http://127.0.0.1:3993";
let t: TestDb;
let admin: string;
let shopper: string;

beforeEach(async () => {
  t = await withAppDb({ PUBLIC_URL: BASE });
  const ids = await t.db
    .insertInto("users")
    .values([
      { email: "boss@example.com", password_hash: "x", role: "admin" },
      { email: "rider@example.com", password_hash: "x", role: "customer" },
    ])
    .returning("id")
    .execute();
  const cookie = async (id: number) =>
    (await createUserSession(new Request(`${BASE}/login`), id)).split(";")[0];
  admin = await cookie(ids[0].id);
  shopper = await cookie(ids[1].id);
});
afterEach(() => t.cleanup());

const post = (cookie: string, body: FormData) =>
  new Request(`${BASE}/admin/shipping`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: BASE },
    body,
  });

/** The form as the page fills it from the current settings, with `changes` on top. */
async function settingsForm(changes: Record<string, string> = {}) {
  const s = await getSettings(t.db);
  const form = new FormData();
  form.set("intent", "settings");
  form.set("freeShippingFrom", (s.freeShippingFromPaise / 100).toFixed(2));
  form.set("codLimit", (s.codLimitPaise / 100).toFixed(2));
  form.set("codFee", (s.codFeePaise / 100).toFixed(2));
  form.set("cutoffTime", s.cutoffTime);
  for (const zone of ZONES) {
    const z = s.zones[zone];
    form.set(`${zone}.firstKg`, (z.firstKgPaise / 100).toFixed(2));
    form.set(`${zone}.perKg`, (z.perKgPaise / 100).toFixed(2));
    form.set(`${zone}.days`, String(z.days));
    if (z.cod) form.set(`${zone}.cod`, "on");
    if (z.serviceable) form.set(`${zone}.serviceable`, "on");
  }
  for (const [k, v] of Object.entries(changes)) form.set(k, v);
  return form;
}

describe("the admin's shipping settings", () => {
  it("is the admin's only", async () => {
    const res = await callRoute(
      loader,
      new Request(`${BASE}/admin/shipping`, { headers: { Cookie: shopper } }),
    );
    expect(res.status).toBe(302);
    const post403 = await callRoute(action, post(shopper, await settingsForm()));
    expect(post403.status).toBe(302);
    expect(post403.headers.get("Location")).toBe("/");
  });

  it("offers last month's GST report (a browser without a month picker shows the format)", async () => {
    const res = await callRoute(
      loader,
      new Request(`${BASE}/admin/shipping`, { headers: { Cookie: admin } }),
    );
    const body = (await res.json()) as { reportMonth: string };
    expect(body.reportMonth).toBe(previousMonth(new Date()));
  });

  it("saves rupees as typed in paise and redirects with a toast", async () => {
    const zone = ZONES[0];
    const res = await callRoute(
      action,
      post(admin, await settingsForm({ codFee: "49.50", [`${zone}.days`]: "4" })),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/admin/shipping");
    const saved = await getSettings(t.db);
    expect(saved.codFeePaise).toBe(4950);
    expect(saved.zones[zone].days).toBe(4);
  });

  it("answers bad amounts and days with a 400 and a message next to each field, saving nothing", async () => {
    const before = await getSettings(t.db);
    const zone = ZONES[1];
    const res = await callRoute(
      action,
      post(admin, await settingsForm({ codLimit: "lots", [`${zone}.days`]: "90" })),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(body.errors.codLimit).toMatch(/rupees/);
    expect(body.errors[`${zone}.days`]).toBe("1 to 30 days");
    expect(await getSettings(t.db)).toEqual(before);
    // What was sent comes back, to be put in the fields again (the page without JavaScript).
    const values = (body as unknown as { values: Record<string, string> }).values;
    expect(values.codLimit).toBe("lots");
    expect(values[`${zone}.days`]).toBe("90");
  });

  it("refuses an upload without a CSV file next to its field", async () => {
    const form = new FormData();
    form.set("intent", "csv");
    const res = await callRoute(action, post(admin, form));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors.csv).toBe(
      "Choose a CSV file",
    );
  });

  it("answers a multipart body cut short, or without its boundary, with 400, not 500", async () => {
    for (const type of ["multipart/form-data; boundary=XX", "multipart/form-data"]) {
      const res = await callRoute(
        action,
        new Request(`${BASE}/admin/shipping`, {
          method: "POST",
          headers: { Cookie: admin, Origin: BASE, "Content-Type": type },
          body: '--XX\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncsv',
        }),
      );
      expect(res.status, type).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string> }).errors.form, type).toBe(
        "The form could not be read.",
      );
    }
  });
});

describe("the GST report's month", () => {
  /** The report as a browser asks for it (the form on /admin/shipping), or another client. */
  const report = (month: string, accept = "text/html,application/xhtml+xml,*/*;q=0.8") =>
    callRoute(
      gstReport,
      new Request(`${BASE}/admin/gst-report?${new URLSearchParams({ month })}`, {
        headers: { Cookie: admin, Accept: accept },
      }),
    );
  const shippingPage = async (search: string) =>
    (await (
      await callRoute(
        loader,
        new Request(`${BASE}/admin/shipping${search}`, { headers: { Cookie: admin } }),
      )
    ).json()) as { reportMonth: string; reportMonthError: string | null };

  it("sends a browser back to the Month field with what was typed, and the page says how to give it", async () => {
    for (const typed of ["2026-13", "Oct 2026", "", "2026-1&x=<b>#top"]) {
      const res = await report(typed);
      expect(res.status, typed).toBe(303);
      const location = res.headers.get("Location")!;
      // Always the shipping page: the typed value is only ever the query's value.
      expect(location, typed).toBe(`/admin/shipping?${new URLSearchParams({ gstMonth: typed })}`);
      const page = await shippingPage(location.slice("/admin/shipping".length));
      expect(page, typed).toEqual(
        expect.objectContaining({ reportMonth: typed, reportMonthError: REPORT_MONTH_FORMAT }),
      );
    }
    expect(REPORT_MONTH_FORMAT).toBe("Give the month as YYYY-MM, such as 2026-10");
  });

  it("answers a client that does not ask for a page with a plain 400", async () => {
    for (const accept of ["text/csv", "*/*", "application/json"]) {
      const res = await report("2026-13", accept);
      expect(res.status, accept).toBe(400);
      expect(await res.text()).toBe("Give the month as ?month=YYYY-MM");
    }
  });

  it("gives the CSV of any real month, even one before the first order or in the future", async () => {
    for (const month of ["2019-01", "2099-12"]) {
      const res = await report(month);
      expect(res.status, month).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect((await res.text()).split("\n")[0]).toMatch(/^section,document,date,/);
    }
  });

  it("shows no message on the page without a typed month, or with a good one", async () => {
    expect(await shippingPage("")).toEqual(
      expect.objectContaining({ reportMonth: previousMonth(new Date()), reportMonthError: null }),
    );
    expect(await shippingPage("?gstMonth=2026-09")).toEqual(
      expect.objectContaining({ reportMonth: "2026-09", reportMonthError: null }),
    );
  });
});

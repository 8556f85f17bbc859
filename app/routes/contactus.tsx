import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { getEnv } from "~/utils/env.server";
import { assertSameOrigin } from "~/utils/http.server";
import { pageMeta, whatsappUrl } from "~/utils/seo";
import { SHOP_ADDRESS, SHOP_EMAIL } from "~/utils/storefront-content";
import { useRootData } from "~/utils/root-data";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact us",
    description: "Talk to our team on WhatsApp, by phone or by e-mail.",
    path: "/contactus",
  });

/**
 * The most each field takes (the chat link must stay a link a phone opens). The inputs say so
 * (`maxLength`), so a shopper cannot type past it; a post made by hand is cut to it.
 */
const MAX_LENGTH = { name: 100, email: 254, subject: 200, message: 2000 } as const;

const field = (form: FormData, name: keyof typeof MAX_LENGTH) =>
  String(form.get(name) ?? "")
    .trim()
    .slice(0, MAX_LENGTH[name]);

function chatText(name: string, email: string, subject: string, message: string) {
  return [`Name: ${name}`, `Email: ${email}`, `Subject: ${subject}`, `Message: ${message}`].join(
    "\n",
  );
}

/** Without JavaScript the form posts here and is sent on to the WhatsApp chat. Nothing is stored. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const text = chatText(
    field(form, "name"),
    field(form, "email"),
    field(form, "subject"),
    field(form, "message"),
  );
  return redirect(whatsappUrl(getEnv().SHOP_PHONE, text), 303);
}

export default function ContactUs() {
  const root = useRootData();
  const phone = root?.shopPhone ?? "";
  return (
    <div className="mx-auto grid max-w-7xl gap-12 px-4 py-10 md:grid-cols-2">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Contact Us</h1>
        <p className="mt-3 text-gray-700">
          Questions about fitment, orders or a build? We answer fastest on WhatsApp.
        </p>
        <dl className="mt-6 flex flex-col gap-4">
          <div>
            <dt className="font-semibold">Address</dt>
            <dd className="text-gray-700">{SHOP_ADDRESS}</dd>
          </div>
          <div>
            <dt className="font-semibold">Phone</dt>
            <dd>
              <a href={`tel:+${phone}`} className="text-brand-700 hover:underline">
                +{phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">E-mail</dt>
            <dd>
              <a href={`mailto:${SHOP_EMAIL}`} className="text-brand-700 hover:underline">
                {SHOP_EMAIL}
              </a>
            </dd>
          </div>
        </dl>
      </div>
      <Form
        method="post"
        reloadDocument
        target="_blank"
        className="flex flex-col gap-4 rounded-xl border border-gray-200 p-6"
        onSubmit={(e) => {
          // With JavaScript: open the chat in a new tab directly; nothing is sent to the shop.
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const get = (n: string) => String(f.get(n) ?? "").trim();
          window.open(
            whatsappUrl(phone, chatText(get("name"), get("email"), get("subject"), get("message"))),
            "_blank",
            "noopener",
          );
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Name
          <input
            name="name"
            autoComplete="name"
            maxLength={MAX_LENGTH.name}
            className="rounded-md border border-gray-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Email
          <input
            type="email"
            name="email"
            autoComplete="email"
            maxLength={MAX_LENGTH.email}
            className="rounded-md border border-gray-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Subject
          <input
            name="subject"
            maxLength={MAX_LENGTH.subject}
            className="rounded-md border border-gray-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Message
          <textarea
            name="message"
            rows={5}
            maxLength={MAX_LENGTH.message}
            className="rounded-md border border-gray-300 px-3 py-2 font-normal"
          />
        </label>
        <button
          type="submit"
          className="rounded-md bg-[#25d366] px-4 py-3 font-semibold text-ink-900 hover:brightness-95"
        >
          Send Message via WhatsApp
        </button>
      </Form>
    </div>
  );
}

// A local stand-in for the WhatsApp Business Cloud API (Graph API): POST /{phone-number-id}/messages
// with a bearer token, answering like Meta does. The shop reaches it through WHATSAPP_API_URL.
import http from "node:http";

export type WhatsAppRequest = {
  path: string;
  authorization: string | null;
  body: {
    messaging_product?: string;
    to?: string;
    type?: string;
    template?: {
      name: string;
      language: { code: string };
      components?: { type: string; parameters: { type: string; text: string }[] }[];
    };
  };
};

export type WhatsAppStandIn = {
  url: string;
  token: string;
  phoneNumberId: string;
  requests: WhatsAppRequest[];
  /**
   * The recipients a test number may send to (Meta's development mode), set by a test: others are
   * refused with Meta's code 131030 and its details. Null: anyone.
   */
  allowedRecipients: string[] | null;
  close(): Promise<void>;
};

export async function startWhatsAppStandIn(
  token = "wa-standin-token",
  phoneNumberId = "106540352242922",
): Promise<WhatsAppStandIn> {
  const requests: WhatsAppRequest[] = [];
  let allowedRecipients: string[] | null = null;
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(value));
      };
      const error = (status: number, message: string, code: number) =>
        send(status, { error: { message, type: "OAuthException", code, fbtrace_id: "standin" } });
      if (req.headers.authorization !== `Bearer ${token}`) {
        return error(401, "Invalid OAuth access token - Cannot parse access token", 190);
      }
      const path = (req.url ?? "").split("?")[0];
      if (req.method !== "POST" || !path.endsWith(`/${phoneNumberId}/messages`)) {
        return error(400, "Unsupported post request.", 100);
      }
      let body: WhatsAppRequest["body"];
      try {
        body = JSON.parse(raw);
      } catch {
        return error(400, "Invalid JSON", 100);
      }
      if (
        body.messaging_product !== "whatsapp" ||
        !body.to ||
        body.type !== "template" ||
        !body.template?.name
      ) {
        return error(400, "(#100) Invalid parameter", 100);
      }
      // Meta refuses a body parameter with a line break or tab, or with more than four spaces in a
      // row (the Cloud API's "(#100) Invalid parameter", with these details).
      const params = (body.template.components ?? []).flatMap((c) => c.parameters ?? []);
      if (params.some((p) => /[\n\t]| {5,}/.test(p.text ?? ""))) {
        return send(400, {
          error: {
            message: "(#100) Invalid parameter",
            type: "OAuthException",
            code: 100,
            error_data: {
              messaging_product: "whatsapp",
              details:
                "Param text cannot have new-line/tab characters or more than 4 consecutive spaces",
            },
            fbtrace_id: "standin",
          },
        });
      }
      if (allowedRecipients && !allowedRecipients.includes(body.to)) {
        return send(400, {
          error: {
            message: "(#131030) Recipient phone number not in allowed list",
            type: "OAuthException",
            code: 131030,
            error_data: {
              messaging_product: "whatsapp",
              details:
                "Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.",
            },
            fbtrace_id: "standin",
          },
        });
      }
      requests.push({ path, authorization: req.headers.authorization ?? null, body });
      n++;
      send(200, {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.standin${n}`, message_status: "accepted" }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    token,
    phoneNumberId,
    requests,
    get allowedRecipients() {
      return allowedRecipients;
    },
    set allowedRecipients(list) {
      allowedRecipients = list;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

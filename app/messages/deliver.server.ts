import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/utils/env.server";
import { renderMail, whatsappTemplate, type MessagePayload } from "./templates";

/**
 * Sends one outbox message by its channel: e-mail over SMTP (SMTP_URL) or, without it, as an
 * `.eml` file under DATA_DIR/mail (named by the outbox row, so a retry rewrites the same file);
 * WhatsApp as a template message through the Cloud API. Throws when the message did not go.
 */

export type OutgoingMessage = {
  id: number;
  channel: "email" | "whatsapp";
  recipient: string;
  payload: string;
  message_id: string;
};

export type DeliverConfig = Pick<
  Env,
  | "SMTP_URL"
  | "MAIL_FROM"
  | "DATA_DIR"
  | "PUBLIC_URL"
  | "WHATSAPP_TOKEN"
  | "WHATSAPP_PHONE_NUMBER_ID"
  | "WHATSAPP_API_URL"
>;

export const mailFolder = (dataDir: string) => path.join(dataDir, "mail");

/** The outgoing mail of a message: what nodemailer sends or writes. */
export function buildMail(
  message: OutgoingMessage,
  config: Pick<DeliverConfig, "MAIL_FROM" | "PUBLIC_URL">,
) {
  const payload = JSON.parse(message.payload) as MessagePayload;
  const mail = renderMail(payload, config.PUBLIC_URL);
  return {
    from: config.MAIL_FROM,
    to: message.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: message.message_id,
    headers: { "X-Shop-Message": payload.kind },
  };
}

type Transports = {
  smtp: import("nodemailer").Transporter | null;
  files: import("nodemailer").Transporter;
};

async function createTransports(config: DeliverConfig): Promise<Transports> {
  const { default: nodemailer } = await import("nodemailer");
  const smtp = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL, {
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      })
    : null;
  const files = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return { smtp, files };
}

export function createDeliverer(config: DeliverConfig) {
  // Made with the first e-mail: most server processes never send one (one runs the outbox).
  let transports: Promise<Transports> | undefined;

  async function email(message: OutgoingMessage) {
    const { smtp, files } = await (transports ??= createTransports(config));
    const mail = buildMail(message, config);
    if (smtp) {
      await smtp.sendMail(mail);
      return;
    }
    const info = await files.sendMail(mail);
    const dir = mailFolder(config.DATA_DIR);
    // Readable by the shop's user alone, as the database: messages hold password-reset links and
    // shoppers' addresses and phone numbers.
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `${String(message.id).padStart(8, "0")}.eml`);
    const partial = `${file}.part`;
    fs.writeFileSync(partial, info.message as Buffer, { mode: 0o600 });
    fs.renameSync(partial, file);
  }

  async function whatsapp(message: OutgoingMessage) {
    if (!config.WHATSAPP_TOKEN || !config.WHATSAPP_PHONE_NUMBER_ID) {
      throw new Error("WhatsApp is not configured (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID)");
    }
    const payload = JSON.parse(message.payload) as MessagePayload;
    const template = whatsappTemplate(payload, config.PUBLIC_URL);
    if (!template) return; // nothing to say on WhatsApp for this kind
    const url = `${config.WHATSAPP_API_URL.replace(/\/+$/, "")}/${encodeURIComponent(config.WHATSAPP_PHONE_NUMBER_ID)}/messages`;
    const res = await fetch(url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${config.WHATSAPP_TOKEN}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: message.recipient,
        type: "template",
        template: {
          name: template.name,
          language: { code: template.language },
          components: [
            {
              type: "body",
              parameters: template.params.map((text) => ({ type: "text", text })),
            },
          ],
        },
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) {
      // Meta's message carries the code and title; its details say what to do (kept for the admin).
      const body = (await res.json().catch(() => null)) as {
        error?: { message?: string; error_data?: { details?: string } };
      } | null;
      const details = body?.error?.error_data?.details;
      throw new Error(
        `WhatsApp API ${res.status}: ${body?.error?.message ?? res.statusText}${details ? ` (${details})` : ""}`,
      );
    }
  }

  return {
    deliver: (message: OutgoingMessage) =>
      message.channel === "email" ? email(message) : whatsapp(message),
    close: () => void transports?.then(({ smtp }) => smtp?.close()).catch(() => {}),
  };
}

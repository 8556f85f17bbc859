// A real SMTP server in the test process (the `smtp-server` package): it receives what the shop
// sends over SMTP_URL and parses each message with `mailparser`, as a mail client would.
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = ParsedMail & { envelopeTo: string[]; raw: string };

export type TestSmtp = {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** The next `times` messages are refused with a temporary error (451). */
  failNext(times?: number): void;
  /** Waits until `count` messages arrived (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (failures > 0) {
          failures--;
          const error = new Error("Try again later") as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            mails.push(
              Object.assign(parsed, {
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                raw: raw.toString("utf8"),
              }),
            );
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    mails,
    failNext(times = 1) {
      failures = times;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > until) {
          throw new Error(`expected ${count} mail(s), got ${mails.length}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

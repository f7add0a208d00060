import { expect } from "chai";
import { createServer as createTcpServer, type AddressInfo } from "node:net";
import { parseAllowlist } from "../../../../src/adapters/outbound/outbound-address-policy";
import { HttpChannelSender } from "../../../../src/adapters/outbound/http-channel-sender.adapter";
import { smtpEmailTransport } from "../../../../src/adapters/outbound/smtp-email-transport";
import type { OutboundMessage } from "../../../../src/application/ports/channel-sender.port";
import { alertPayload } from "../../../../src/domain/protocol-guard/alert-message";
import type { Channel } from "../../../../src/domain/protocol-guard/channels";
import { startWebhookReceiver, type WebhookReceiver } from "../../../../scripts/guard/webhook-receiver";
import { testWebhookKeys } from "../../../support/fakes/guard-fakes";

const payload = JSON.stringify(
  alertPayload(
    "sub_1",
    "Lend",
    {
      id: "alert_1",
      at: "2025-01-01T00:00:00.000Z",
      wallet: "0x" + "ab".repeat(20),
      decision: "block",
      reasons: ["score 5 below minimum 60"],
      score: 5,
      tier: "BLOCKED",
    },
    null,
  ),
);

/** A minimal SMTP server: enough of the protocol for nodemailer to hand over one message. */
async function fakeSmtp(): Promise<{ port: number; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const server = createTcpServer((socket) => {
    let data = false;
    let buffer = "";
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = data ? buffer.indexOf("\r\n.\r\n") : buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (data ? 5 : 2));
        if (data) {
          messages.push(line);
          data = false;
          socket.write("250 queued\r\n");
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write("250 fake\r\n");
        else if (/^DATA/i.test(line)) {
          data = true;
          socket.write("354 go on\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("alert channels: each in its own format", () => {
  let receiver: WebhookReceiver;
  let sender: HttpChannelSender;
  before(async () => {
    receiver = await startWebhookReceiver("");
    const telegramApi = receiver.url.replace(/\/$/, "");
    sender = new HttpChannelSender({
      http: { allowlist: parseAllowlist(["127.0.0.1"]) },
      keys: testWebhookKeys(),
      email: null,
      telegramApi,
    });
  });
  after(() => receiver.close());

  const send = (channel: Channel): Promise<unknown> => {
    const message: OutboundMessage = { channel, webhookId: "msg_1", timestamp: 1_700_000_000, payload, secrets: [] };
    return sender.send(message);
  };

  it("Slack gets {text}, Discord {content}, Telegram sendMessage {chat_id, text}", async () => {
    const base = { id: "ch", status: "active" as const };
    expect(await send({ ...base, type: "slack", url: `${receiver.url}/slack` })).to.deep.include({ kind: "delivered" });
    expect(await send({ ...base, type: "discord", url: `${receiver.url}/discord` })).to.deep.include({
      kind: "delivered",
    });
    expect(await send({ ...base, type: "telegram", botToken: "123:abc", chatId: "-100" })).to.deep.include({
      kind: "delivered",
    });
    const [slack, discord, telegram] = receiver.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(Object.keys(slack ?? {})).to.deep.equal(["text"]);
    expect(String(slack?.text)).to.contain("BLOCK for Lend").and.contain("score 5 below minimum 60");
    expect(Object.keys(discord ?? {})).to.deep.equal(["content"]);
    expect(telegram).to.deep.include({ chat_id: "-100" });
    expect(String(telegram?.text)).to.contain("0x" + "ab".repeat(20));
    expect(receiver.received.some((r) => r.headers["webhook-signature"] !== undefined)).to.equal(false);
  });

  it("email goes over SMTP_URL with nodemailer; without SMTP_URL it fails, not retried", async () => {
    const smtp = await fakeSmtp();
    try {
      const mailing = new HttpChannelSender({
        http: { allowlist: parseAllowlist([]) },
        keys: testWebhookKeys(),
        email: smtpEmailTransport(`smtp://127.0.0.1:${smtp.port}`, "guard@credence.invalid"),
      });
      const message: OutboundMessage = {
        channel: { id: "ch", status: "active", type: "email", to: "ops@example.org" },
        webhookId: "msg_1",
        timestamp: 1,
        payload,
        secrets: [],
      };
      expect(await mailing.send(message)).to.deep.include({ kind: "delivered" });
      expect(smtp.messages[0]).to.contain("ops@example.org").and.contain("Credence Protocol Guard: block for Lend");
      expect(await sender.send(message)).to.deep.include({ kind: "refused", detail: "SMTP_URL is not configured" });
    } finally {
      await smtp.close();
    }
  });
});

import { Webhook } from "standardwebhooks";
import type { ChannelSender, OutboundMessage } from "../../application/ports/channel-sender.port";
import { alertHeadline, alertText, type AlertPayload } from "../../domain/protocol-guard/alert-message";
import type { SendOutcome } from "../../domain/protocol-guard/delivery";
import { safePost, type SafeHttpOptions, type SafeResponse } from "./safe-http-client";
import type { EmailTransport } from "./smtp-email-transport";

/** Signs Standard Webhooks content with the service's ed25519 key: `v1a,<base64>`. */
export interface V1aSigner {
  signV1a(webhookId: string, timestamp: number, payload: string): string;
}

export interface ChannelSenderOptions {
  readonly http: SafeHttpOptions;
  readonly keys: V1aSigner;
  /** SMTP_URL's transport; null when none is configured (email deliveries then fail, logged). */
  readonly email: EmailTransport | null;
  readonly now?: () => number;
  /** Telegram's Bot API base; tests point it at a local receiver. */
  readonly telegramApi?: string;
}

function outcomeOf(response: SafeResponse, durationMs: number): SendOutcome {
  if (response.kind === "refused") return { kind: "refused", detail: response.reason, durationMs };
  if (response.kind === "failed") return { kind: "retry", detail: response.reason, durationMs };
  if (response.status >= 200 && response.status < 300)
    return { kind: "delivered", status: response.status, durationMs };
  if (response.status === 410) return { kind: "gone", status: 410, durationMs };
  return { kind: "retry", status: response.status, detail: `answered ${response.status}`, durationMs };
}

/**
 * Delivers an alert in each channel's own format: Standard Webhooks for `webhook` (`v1,` HMAC
 * per secret plus `v1a,` ed25519), Slack `{text}`, Discord `{content}`, Telegram Bot API
 * sendMessage, email over SMTP. Every HTTP send goes through the SSRF-safe client.
 */
export class HttpChannelSender implements ChannelSender {
  constructor(private readonly options: ChannelSenderOptions) {}

  async send(message: OutboundMessage): Promise<SendOutcome> {
    const started = (this.options.now ?? Date.now)();
    const elapsed = () => (this.options.now ?? Date.now)() - started;
    try {
      const payload = JSON.parse(message.payload) as AlertPayload;
      const channel = message.channel;
      switch (channel.type) {
        case "webhook":
          return outcomeOf(await this.post(channel.url, this.signed(message), message.payload), elapsed());
        case "slack":
          return outcomeOf(await this.post(channel.url, {}, JSON.stringify({ text: alertText(payload) })), elapsed());
        case "discord":
          return outcomeOf(
            await this.post(channel.url, {}, JSON.stringify({ content: alertText(payload).slice(0, 2000) })),
            elapsed(),
          );
        case "telegram": {
          const api = this.options.telegramApi ?? "https://api.telegram.org";
          const body = JSON.stringify({ chat_id: channel.chatId, text: alertText(payload).slice(0, 4096) });
          return outcomeOf(await this.post(`${api}/bot${channel.botToken}/sendMessage`, {}, body), elapsed());
        }
        case "email": {
          if (this.options.email === null)
            return { kind: "refused", detail: "SMTP_URL is not configured", durationMs: 0 };
          const subject = `Credence Protocol Guard: ${alertHeadline(payload.data.alert)} for ${payload.data.protocolName}`;
          const sent = await this.options.email.send(channel.to, subject, alertText(payload));
          return sent.ok
            ? { kind: "delivered", durationMs: elapsed() }
            : { kind: "retry", detail: sent.detail, durationMs: elapsed() };
        }
      }
    } catch (error) {
      return { kind: "retry", detail: `send failed: ${String(error).slice(0, 200)}`, durationMs: elapsed() };
    }
  }

  private post(url: string, headers: Readonly<Record<string, string>>, body: string): Promise<SafeResponse> {
    return safePost(this.options.http, url, { "user-agent": "Credence-Webhooks/1.0", ...headers }, body);
  }

  /** Standard Webhooks headers: one `v1,` per live secret, then our `v1a,` ed25519 signature. */
  private signed(message: OutboundMessage): Record<string, string> {
    const at = new Date(message.timestamp * 1000);
    const signatures = message.secrets.map((secret) =>
      new Webhook(secret).sign(message.webhookId, at, message.payload),
    );
    signatures.push(this.options.keys.signV1a(message.webhookId, message.timestamp, message.payload));
    return {
      "webhook-id": message.webhookId,
      "webhook-timestamp": String(message.timestamp),
      "webhook-signature": signatures.join(" "),
    };
  }
}

import type { Channel } from "../../domain/protocol-guard/channels";
import type { SendOutcome } from "../../domain/protocol-guard/delivery";

export interface OutboundMessage {
  readonly channel: Channel;
  /** Standard Webhooks `webhook-id`: the same on every attempt of one delivery. */
  readonly webhookId: string;
  /** Seconds, wall clock: `webhook-timestamp`. */
  readonly timestamp: number;
  /** The JSON payload (webhook body; the other channels format their text from it). */
  readonly payload: string;
  /** Webhook signing secrets (`whsec_...`), newest first: a rotated-out one signs beside the new. */
  readonly secrets: readonly string[];
}

/** Sends one message to one channel and says how it went; never throws. */
export interface ChannelSender {
  send(message: OutboundMessage): Promise<SendOutcome>;
}

export const ChannelSender = Symbol.for("ChannelSender");

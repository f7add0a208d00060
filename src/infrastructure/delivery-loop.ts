import * as E from "fp-ts/Either";
import type { Logger } from "pino";
import type { DeliverDueAlerts } from "../application/use-cases/protocol-guard/deliver-due-alerts.use-case";
import type { DeliveryKick } from "../application/use-cases/protocol-guard/queue-alert-deliveries";

export interface DeliveryLoop extends DeliveryKick {
  stop(): Promise<void>;
}

/**
 * Drains the outbox: a pass per tick (and at once when an alert is queued), passes never overlap,
 * and a pass that found work is followed by another until nothing is due.
 */
export function startDeliveryLoop(deliver: () => DeliverDueAlerts, logger: Logger, tickMs: number): DeliveryLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = async () => {
    do {
      again = false;
      const result = await deliver().execute();
      if (E.isLeft(result)) {
        logger.warn({ detail: result.left.detail }, "alert delivery pass failed");
        return;
      }
      if (result.right > 0) again = true;
    } while (again && !stopped);
  };
  const run = () => {
    if (stopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    running = pass().finally(() => (running = null));
  };
  const timer = setInterval(run, tickMs);
  timer.unref();
  return {
    kick: () => setImmediate(run),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

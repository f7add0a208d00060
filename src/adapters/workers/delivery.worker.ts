import * as E from "fp-ts/Either";
import { inject, injectable } from "inversify";
import { DeliverDueAlerts } from "../../application/use-cases/protocol-guard/deliver-due-alerts.use-case";
import type { DeliveryKick } from "../../application/use-cases/protocol-guard/queue-alert-deliveries";
import { singleFlightTimer, type SingleFlight } from "./single-flight-timer";
import { WorkerLog, type Worker } from "./worker";

export interface DeliveryWorkerSettings {
  /** The outbox is looked at this often (and at once when an alert is queued). */
  readonly tickMs: number;
}

export const DeliveryWorkerSettings = Symbol.for("DeliveryWorkerSettings");

/**
 * Drains the outbox: a pass per tick and at once when an alert is queued (it is the DeliveryKick the
 * queueing use case is given); passes never overlap, and a pass that sent something is followed by
 * another until nothing is due.
 */
@injectable()
export class DeliveryWorker implements Worker, DeliveryKick {
  readonly name = "alert delivery";
  private timer: SingleFlight | undefined;

  constructor(
    @inject(DeliverDueAlerts) private readonly deliver: DeliverDueAlerts,
    @inject(DeliveryWorkerSettings) private readonly settings: DeliveryWorkerSettings,
    @inject(WorkerLog) private readonly log: WorkerLog,
  ) {}

  async start(): Promise<void> {
    this.timer ??= singleFlightTimer({
      intervalMs: this.settings.tickMs,
      work: async () => {
        const result = await this.deliver.execute()();
        if (E.isRight(result)) return result.right > 0;
        this.log.warn({ detail: result.left.detail }, "alert delivery pass failed");
        return false;
      },
      onError: (error) => this.log.warn({ err: error }, "alert delivery pass failed"),
    });
  }

  /** Something was queued: send it now rather than at the next tick (before start: the first tick will). */
  kick(): void {
    this.timer?.kick();
  }

  async stop(): Promise<void> {
    await this.timer?.stop();
  }
}

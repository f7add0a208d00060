import { injectable } from "inversify";
import type { Clock } from "../../application/ports/clock.port";

@injectable()
export class SystemClock implements Clock {
  nowMs(): number {
    return Date.now();
  }
}

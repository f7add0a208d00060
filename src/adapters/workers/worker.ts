/** A background job of the process, started and stopped by the composition root (in reverse order). */
export interface Worker {
  readonly name: string;
  /** Resolves once the worker's first pass is done (the service answers after it). */
  start(): Promise<void>;
  /** No new work; resolves once work under way has finished. */
  stop(): Promise<void>;
}

/** What workers log through (the process logger). */
export interface WorkerLog {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const WorkerLog = Symbol.for("WorkerLog");

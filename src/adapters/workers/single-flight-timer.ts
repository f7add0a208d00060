/** A job run on a timer and on demand, never two runs at once. */
export interface SingleFlight {
  /** Starts a run, or joins the one under way; resolves when it is done. */
  run(): Promise<void>;
  /** Asks for a run soon: at once when idle, right after the one under way otherwise. */
  kick(): void;
  /** No new runs; resolves once one under way has finished. */
  stop(): Promise<void>;
}

export interface SingleFlightSettings {
  readonly intervalMs: number;
  /** One unit of work; true when there is more to do at once (it runs again before the run ends). */
  readonly work: () => Promise<boolean>;
  /** A unit that threw: the run ends, the next tick starts a new one. */
  readonly onError: (error: unknown) => void;
}

/** The one timer helper of the workers: a tick joins a run under way, a kick queues one more after it. */
export function singleFlightTimer(settings: SingleFlightSettings): SingleFlight {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const loop = async () => {
    do {
      again = false;
      try {
        if (await settings.work()) again = true;
      } catch (error) {
        settings.onError(error);
        return;
      }
    } while (again && !stopped);
  };
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    return (running ??= loop().finally(() => (running = null)));
  };
  const timer = setInterval(() => void run(), settings.intervalMs);
  // A forgotten stop() must not keep the process alive.
  timer.unref();
  return {
    run,
    kick: () => {
      if (running !== null) again = true;
      else setImmediate(() => void run());
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

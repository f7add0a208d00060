import { spawn, type ChildProcess } from "node:child_process";

/** The service (`npm start`'s entry point) in a process of its own, once it has said it is ready. */
export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly suiUrl: string;
  /** Everything it printed so far, stdout and stderr together. */
  readonly output: () => string;
  /** Sends `signal` and resolves to the exit code (null when a signal ended it). */
  readonly stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Waits for `pattern` in a child's output; rejects if the child exits first or time runs out. */
export function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  what: string,
  timeoutMs = 150_000,
): Promise<RegExpExecArray> {
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what}: not ready in ${timeoutMs} ms:\n${output.slice(-3000)}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onData);
      resolve(match);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}:\n${output.slice(-3000)}`));
    });
  });
}

export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill(signal);
  });
}

/**
 * Runs the service as `npm start` does (scripts/start.cjs: the cached build of src/infrastructure/main.ts, built
 * first when the sources changed), with `env` over this process's environment, and
 * resolves once it prints both ready lines (the API and the Sui companion app). The one way tests
 * start the service as a process.
 */
export async function spawnService(env: Readonly<Record<string, string>>, name = "service"): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ["scripts/start.cjs"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const ready = await waitForOutput(
    child,
    /Credence is ready at (http:\/\/\S+)[\s\S]*Sui companion app at (http:\/\/\S+)/,
    name,
  );
  return {
    child,
    url: ready[1]!,
    suiUrl: ready[2]!,
    output: () => output,
    stop: (signal) => stopProcess(child, signal),
  };
}

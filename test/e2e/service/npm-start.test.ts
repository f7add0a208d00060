import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";

/** Runs the real entry point as `npm start` does, on free ports, and waits for its ready line. */
function startService(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/infrastructure/main.ts"], {
    env: { ...process.env, PORT: "0", DEV_CHAIN_PORT: "0", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Credence is ready at (http:\/\/\S+)/.exec(output);
      if (ready) resolve({ child, url: ready[1]!, output: () => output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
  });
}

describe("npm start (the real process)", function () {
  this.timeout(120_000);

  it("serves /healthz and /readyz, prints the seeded roles, and exits 0 on SIGTERM", async () => {
    const { child, url, output } = await startService();
    try {
      expect((await fetch(`${url}/healthz`)).status).to.equal(200);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).to.equal(200);
      expect(await ready.json()).to.deep.equal({ status: "ready", checks: { chain: "ok", index: "ok" } });
      expect(output()).to.contain('"honeypotToken"');
      const scenario = (await (await fetch(`${url}/api/dev/scenario`)).json()) as { chainId: number };
      expect(scenario.chainId).to.equal(5042002);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).to.equal(0);
    }
  });

  it("refuses to start on a bad variable, naming it", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/infrastructure/main.ts"], {
      env: { ...process.env, PORT: "eighty" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).to.equal(1);
    expect(stderr).to.contain('PORT="eighty"');
  });
});

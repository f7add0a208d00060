import { performance } from "node:perf_hooks";
import { freshAddress } from "./guard-chain-load";

/** A subscription the bench made, and the contracts only it watches. */
export interface BenchSubscription {
  readonly id: string;
  readonly contracts: readonly string[];
}

/**
 * Creates `count` subscriptions through the public API (POST /api/protocol-guard/subscribe; the bench raises
 * the subscribe budgets), each watching `contractsPerSubscription` fresh addresses (every call to them) with
 * one webhook channel to `webhookUrl` and a rule that reviews any wallet scoring below 100, so every watched
 * call is one alert. `concurrency` requests in flight. Returns them and the seconds it took.
 */
export async function createSubscriptions(
  apiUrl: string,
  webhookUrl: string,
  count: number,
  contractsPerSubscription: number,
  concurrency = 8,
): Promise<{ readonly subscriptions: BenchSubscription[]; readonly seconds: number }> {
  const started = performance.now();
  const subscriptions: BenchSubscription[] = new Array<BenchSubscription>(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const contracts = Array.from({ length: contractsPerSubscription }, freshAddress);
      const response = await fetch(`${apiUrl}/api/protocol-guard/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          protocolName: `Guard bench ${i}`,
          channels: [{ type: "webhook", url: webhookUrl }],
          rules: [{ type: "min_score", value: 100, action: "review" }],
          contracts: contracts.map((address) => ({ address })),
        }),
      });
      const body = (await response.json()) as { id?: string; error?: string };
      if (response.status !== 201 || body.id === undefined)
        throw new Error(`subscribe answered ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      subscriptions[i] = { id: body.id, contracts };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { subscriptions, seconds: Math.round(performance.now() - started) / 1000 };
}

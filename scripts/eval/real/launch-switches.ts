import type { Interface } from "ethers";

/** A launch switch as the owner would call it: its signature and the arguments of an ordinary launch. */
export interface LaunchSwitch {
  readonly name: string;
  readonly args: unknown[];
  /** Its body adds the liquidity itself (from the token contract's own balance and ETH). */
  readonly addsLiquidity: boolean;
}

const VERB = "(?:open|enable|start|launch|activate)";
const OBJECT = "(?:trad|swap|transfer)";
/**
 * Named for opening trading, in either order: `openTrading`, `enableOrdinalTrade`, `createStrongTrade`,
 * `enableTransfer`, `startTrade`, `setTradingEnabled`, `tradingOpen`, `swapEnabled`, `launch`, `setTrading`.
 * A name that closes (`disable`, `stop`, `close`, `pause`) never matches.
 */
const SWITCH_NAME = new RegExp(
  `^_?(?:set)?(?:create\\w*trad\\w*|${VERB}\\w*${OBJECT}\\w*|\\w*${OBJECT}\\w*(?:open|enabled?|start(?:ed)?|launch(?:ed)?|activ\\w*|on|status)|launch|activate|setTrading)$`,
  "i",
);
const CLOSING = /disable|stop|close|pause|block|limit|fee|tax|cooldown|wallet/i;
/** `setStartTime(uint256)`, `setTradingStartBlock(uint256)`: a start set to now opens trading. */
const START_SETTER = /^set\w*Start(?:Time|Block|Date)?$/i;

export function isSwitchName(name: string): boolean {
  return SWITCH_NAME.test(name) && !CLOSING.test(name);
}

function bodyOf(source: string, fn: string): string {
  const at = source.search(new RegExp(`function\\s+${fn}\\s*\\(`));
  if (at < 0) return "";
  return source.slice(at, at + 2_500).split(/\n\s*function\s/)[0] ?? "";
}

/**
 * Every launch switch of the contract: a non-view function named for opening trading that takes no
 * argument or one bool (called with true), or a start setter taking one uint (called with now or the
 * next block). Switches that add liquidity themselves come first, as a launch runs them first.
 */
export function launchSwitches(contract: Interface, source: string, now: number, block: number): LaunchSwitch[] {
  const out: LaunchSwitch[] = [];
  for (const fragment of contract.fragments) {
    if (fragment.type !== "function") continue;
    const fn = contract.getFunction(fragment.format());
    if (fn === null || fn.stateMutability === "view" || fn.stateMutability === "pure") continue;
    let args: unknown[] | null = null;
    if (isSwitchName(fn.name)) {
      if (fn.inputs.length === 0) args = [];
      else if (fn.inputs.length === 1 && fn.inputs[0]?.type === "bool") args = [true];
    } else if (START_SETTER.test(fn.name) && fn.inputs.length === 1 && fn.inputs[0]?.type.startsWith("uint")) {
      args = [BigInt(/block/i.test(fn.name) ? block : now)];
    }
    if (args === null) continue;
    const addsLiquidity = /addLiquidity/.test(bodyOf(source, fn.name));
    out.push({ name: fn.format(), args, addsLiquidity });
  }
  return out.sort((a, b) => Number(b.addsLiquidity) - Number(a.addsLiquidity));
}

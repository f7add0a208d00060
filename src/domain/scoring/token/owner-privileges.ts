import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { Hex } from "../../chain/chain-types";
import { type Flag, raiseFlag } from "../flag";
import type { FlagCode } from "../flag-catalogue";
import { scanBytecode } from "./bytecode";

/** Selectors (without 0x) that grant a privilege, by the flag they raise. */
export const PRIVILEGE_SELECTORS = {
  OWNER_CAN_MINT: { "40c10f19": "mint(address,uint256)", a0712d68: "mint(uint256)" },
  OWNER_CAN_BLACKLIST: {
    f9f92be4: "blacklist(address)",
    "44337ea1": "addToBlacklist(address)",
    "0ecb93c0": "addBlackList(address)",
    "153b0d1e": "setBlacklist(address,bool)",
    "455a4396": "blacklistAddress(address,bool)",
    d01dd6d2: "setBlacklisted(address,bool)",
    "9c0db5f3": "setBots(address[],bool)",
    "342aa8b5": "setBot(address,bool)",
    "00b8cf2a": "blockBots(address[])",
    d34628cc: "addBots(address[])",
    "8d1fdf2f": "freeze(address)",
    e724529c: "freezeAccount(address,bool)",
  },
  OWNER_CAN_PAUSE: { "8456cb59": "pause()" },
  OWNER_CAN_SET_FEES: {
    "69fe0e2d": "setFee(uint256)",
    "0b78f9c0": "setFees(uint256,uint256)",
    c4081a4c: "setTaxFee(uint256)",
    "8b4cee08": "setSellFee(uint256)",
    "0cc835a3": "setBuyFee(uint256)",
    "2e5bb6ff": "setTax(uint256)",
    c647b20e: "setTaxes(uint256,uint256)",
    "6db79437": "updateFees(uint256,uint256)",
    "8cd09d50": "setSellTax(uint256)",
    dc1052e2: "setBuyTax(uint256)",
    "7ce3489b": "setFeePercent(uint256)",
    "34119d15": "setSellFeeBps(uint256)",
    "72c27b62": "setFeeBps(uint256)",
  },
  UPGRADEABLE_PROXY: { "3659cfe6": "upgradeTo(address)", "4f1ef286": "upgradeToAndCall(address,bytes)" },
} as const satisfies Partial<Record<FlagCode, Record<string, string>>>;

/** EIP-1967 implementation and beacon slots, as a proxy's code pushes them. */
export const EIP1967_SLOTS = [
  "360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc",
  "a3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50",
];

export interface PrivilegeScan {
  readonly flags: readonly Flag[];
  /** The code delegates to other code (EIP-1967 or EIP-1167 proxy) whose selectors were not read. */
  readonly delegates: boolean;
}

/**
 * Owner privileges from the dispatcher. With ownership renounced (owner() is 0x0) nobody can call an
 * owner-only function, so those findings become info; an upgrade path still matters (proxy admins are
 * not the owner).
 */
export function ownerPrivileges(code: Hex, owner: Address | null): PrivilegeScan {
  const scan = scanBytecode(code);
  const renounced = owner === ZERO_ADDRESS;
  const flags: Flag[] = [];
  for (const [code_, table] of Object.entries(PRIVILEGE_SELECTORS) as [FlagCode, Record<string, string>][]) {
    const found = Object.keys(table).filter((s) => scan.selectors.has(s));
    const slot = code_ === "UPGRADEABLE_PROXY" ? EIP1967_SLOTS.find((s) => scan.words.has(s)) : undefined;
    if (found.length === 0 && slot === undefined) continue;
    const parts = found.map((s) => `0x${s} ${table[s]}`);
    if (slot !== undefined) parts.push(`EIP-1967 slot 0x${slot.slice(0, 8)}…`);
    const infoOnly = renounced && code_ !== "UPGRADEABLE_PROXY";
    const evidence = {
      detail: `Bytecode dispatches ${parts.join(", ")}${infoOnly ? " (ownership renounced)" : ""}.`,
      figures: { selectors: found.map((s) => `0x${s}`).join(" ") },
      ...(owner !== null && owner !== ZERO_ADDRESS ? { counterparties: [owner] } : {}),
    };
    flags.push(raiseFlag(code_, evidence, infoOnly ? { severity: "info", points: 0 } : undefined));
  }
  const eip1967 = EIP1967_SLOTS.some((s) => scan.words.has(s));
  return { flags, delegates: eip1967 || scan.minimalProxy };
}

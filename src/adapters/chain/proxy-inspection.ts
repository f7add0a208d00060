import type { ChainReader } from "../../application/ports/chain-reader.port";
import { type Address, ZERO_ADDRESS, asAddress } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import type { AccountKind, ProxyFacts } from "../../domain/scoring/profiles/capabilities";
import { asHex, asTxHash } from "../shared/hex-values";
import { decodeWord } from "./abi-probes";
import { callOrThrow } from "./sell-simulator-calls";
import { run } from "./run-task";

/** keccak256("eip1967.proxy.implementation") - 1, "...admin" - 1, "...beacon" - 1, and EIP-1822's keccak256("PROXIABLE"). */
export const PROXY_SLOTS = {
  eip1967: asHex("0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc"),
  admin: asHex("0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103"),
  beacon: asHex("0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50"),
  eip1822: asHex("0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7"),
} as const;

/** Upgraded(address indexed implementation). */
export const UPGRADED_TOPIC = asHex("0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b");
const IMPLEMENTATION_SELECTOR = asHex("0x5c60da1b");
const GET_MIN_DELAY_SELECTOR = asHex("0xf27a0c92");
const OWNER_SELECTOR = asHex("0x8da5cb5b");
/** Upgrades whose block time is read: a proxy upgraded more often than this keeps the rest without a time. */
const MAX_TIMED_UPGRADES = 10;

export function addressInWord(word: Hex): Address | null {
  const value = BigInt(word === "0x" ? "0x0" : word);
  if (value === 0n || value >> 160n !== 0n) return null;
  return asAddress(`0x${value.toString(16).padStart(40, "0")}`);
}

async function classifyAccount(chain: ChainReader, account: Address): Promise<AccountKind> {
  const code = await run(chain.codeAt(account));
  if (code === "0x") return "eoa";
  const delay = await callOrThrow(chain, { to: account, data: GET_MIN_DELAY_SELECTOR });
  return delay.ok && decodeWord(delay.returnData) !== null ? "timelock" : "contract";
}

async function addressCall(chain: ChainReader, to: Address, data: Hex): Promise<Address | null> {
  const answer = await callOrThrow(chain, { to, data });
  return answer.ok && answer.returnData.length >= 66 ? addressInWord(asHex(answer.returnData.slice(0, 66))) : null;
}

/** The admin and, when it is a contract with owner() (a ProxyAdmin, a beacon), that owner: who decides upgrades. */
async function upgradeAuthority(
  chain: ChainReader,
  admin: Address | null,
): Promise<Pick<ProxyFacts, "admin" | "adminKind" | "adminOwner" | "adminOwnerKind">> {
  if (admin === null) return { admin, adminKind: null, adminOwner: null, adminOwnerKind: null };
  const adminKind = await classifyAccount(chain, admin);
  const adminOwner = adminKind === "eoa" ? null : await addressCall(chain, admin, OWNER_SELECTOR);
  const adminOwnerKind = adminOwner === null ? null : await classifyAccount(chain, adminOwner);
  return { admin, adminKind, adminOwner, adminOwnerKind };
}

/**
 * EIP-1967 (implementation or beacon) and EIP-1822 slots, the upgrade authority classified, and the upgrade
 * history with block times. Four storage reads for a token that is not a proxy; the rest only for proxies.
 */
export async function inspectProxy(
  chain: ChainReader,
  token: Address,
  fromBlock: number,
  toBlock: number,
): Promise<ProxyFacts | null> {
  const [impl, beacon, uups, adminWord] = await Promise.all(
    [PROXY_SLOTS.eip1967, PROXY_SLOTS.beacon, PROXY_SLOTS.eip1822, PROXY_SLOTS.admin].map((slot) =>
      run(chain.storageAt(token, slot)),
    ),
  );
  let standard: ProxyFacts["standard"] | null = null;
  let slot: Hex = PROXY_SLOTS.eip1967;
  let implementation = addressInWord(impl!);
  const beaconAddress = addressInWord(beacon!);
  if (implementation !== null) standard = "eip1967";
  else if (addressInWord(uups!) !== null) {
    standard = "eip1822";
    slot = PROXY_SLOTS.eip1822;
    implementation = addressInWord(uups!);
  } else if (beaconAddress !== null) {
    standard = "beacon";
    slot = PROXY_SLOTS.beacon;
    implementation = await addressCall(chain, beaconAddress, IMPLEMENTATION_SELECTOR);
  }
  if (standard === null || implementation === null || implementation === ZERO_ADDRESS) return null;
  // A beacon proxy is upgraded by upgrading its beacon: the beacon decides and emits Upgraded.
  const upgrader = standard === "beacon" ? beaconAddress : addressInWord(adminWord!);
  const [implementationCode, authority, logs] = await Promise.all([
    run(chain.codeAt(implementation)),
    upgradeAuthority(chain, upgrader),
    run(
      chain.logs({
        address: standard === "beacon" && beaconAddress !== null ? beaconAddress : token,
        topics: [UPGRADED_TOPIC],
        fromBlock,
        toBlock,
      }),
    ),
  ]);
  const changes = logs.flatMap((log) => {
    const to = log.topics[1] === undefined ? null : addressInWord(log.topics[1]);
    return to === null ? [] : [{ blockNumber: log.blockNumber, txHash: asTxHash(log.txHash), implementation: to }];
  });
  const upgrades = await Promise.all(
    changes.map(async (u, i) => {
      const block = i < MAX_TIMED_UPGRADES ? await run(chain.block(u.blockNumber)) : null;
      return { ...u, timestamp: block?.timestamp ?? null };
    }),
  );
  return { standard, slot, implementation, implementationCode, upgrades, ...authority };
}

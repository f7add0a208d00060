import type { ChainReader } from "../../application/ports/chain-reader.port";
import { type Address, ZERO_ADDRESS, asAddress } from "../../domain/chain/address";
import type { Hex } from "../../domain/chain/chain-types";
import type { ProxyFacts } from "../../domain/scoring/profiles/capabilities";
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

export function addressInWord(word: Hex): Address | null {
  const value = BigInt(word === "0x" ? "0x0" : word);
  if (value === 0n || value >> 160n !== 0n) return null;
  return asAddress(`0x${value.toString(16).padStart(40, "0")}`);
}

async function classifyAdmin(chain: ChainReader, admin: Address): Promise<ProxyFacts["adminKind"]> {
  const code = await run(chain.codeAt(admin));
  if (code === "0x") return "eoa";
  const delay = await callOrThrow(chain, { to: admin, data: GET_MIN_DELAY_SELECTOR });
  return delay.ok && decodeWord(delay.returnData) !== null ? "timelock" : "contract";
}

async function beaconImplementation(chain: ChainReader, beacon: Address): Promise<Address | null> {
  const answer = await callOrThrow(chain, { to: beacon, data: IMPLEMENTATION_SELECTOR });
  return answer.ok ? addressInWord(asHex(answer.returnData.slice(0, 66))) : null;
}

/** EIP-1967 (implementation or beacon) and EIP-1822 slots, the admin classified, and the upgrade history. */
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
  if (implementation !== null) standard = "eip1967";
  else if (addressInWord(uups!) !== null) {
    standard = "eip1822";
    slot = PROXY_SLOTS.eip1822;
    implementation = addressInWord(uups!);
  } else {
    const beaconAddress = addressInWord(beacon!);
    if (beaconAddress !== null) {
      standard = "beacon";
      slot = PROXY_SLOTS.beacon;
      implementation = await beaconImplementation(chain, beaconAddress);
    }
  }
  if (standard === null || implementation === null || implementation === ZERO_ADDRESS) return null;
  const admin = addressInWord(adminWord!);
  const [implementationCode, adminKind, logs] = await Promise.all([
    run(chain.codeAt(implementation)),
    admin === null ? Promise.resolve(null) : classifyAdmin(chain, admin),
    run(chain.logs({ address: token, topics: [UPGRADED_TOPIC], fromBlock, toBlock })),
  ]);
  const upgrades = logs.flatMap((log) => {
    const to = log.topics[1] === undefined ? null : addressInWord(log.topics[1]);
    return to === null ? [] : [{ blockNumber: log.blockNumber, txHash: asTxHash(log.txHash), implementation: to }];
  });
  return { standard, slot, implementation, admin, adminKind, implementationCode, upgrades };
}

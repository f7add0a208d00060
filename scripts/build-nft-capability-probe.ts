// Compiles contracts/simulation/NftCapabilityProbe.sol into src/adapters/chain/nft-capability-probe-bytecode.ts (see runtime-bytecode-module.ts).
// Usage: npx tsx scripts/build-nft-capability-probe.ts [--check]
import {
  buildRuntimeBytecodeModule,
  isMain,
  runtimeBytecodeModule,
  type RuntimeBytecodeModule,
} from "./runtime-bytecode-module";

const SPEC: RuntimeBytecodeModule = {
  contract: "NftCapabilityProbe",
  target: "nft-capability-probe-bytecode.ts",
  constPrefix: "NFT_CAPABILITY_PROBE",
  placedAt: "a candidate caller's address",
  script: "scripts/build-nft-capability-probe.ts",
};

export const nftCapabilityProbeModule = (): Promise<string> => runtimeBytecodeModule(SPEC);

if (isMain(import.meta.url)) await buildRuntimeBytecodeModule(SPEC, process.argv);

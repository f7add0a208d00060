// Compiles contracts/simulation/CapabilityProbe.sol into src/adapters/chain/capability-probe-bytecode.ts (see runtime-bytecode-module.ts).
// Usage: npx tsx scripts/build-capability-probe.ts [--check]
import {
  buildRuntimeBytecodeModule,
  isMain,
  runtimeBytecodeModule,
  type RuntimeBytecodeModule,
} from "./runtime-bytecode-module";

const SPEC: RuntimeBytecodeModule = {
  contract: "CapabilityProbe",
  target: "capability-probe-bytecode.ts",
  constPrefix: "CAPABILITY_PROBE",
  placedAt: "a candidate caller's address",
  script: "scripts/build-capability-probe.ts",
};

export const capabilityProbeModule = (): Promise<string> => runtimeBytecodeModule(SPEC);

if (isMain(import.meta.url)) await buildRuntimeBytecodeModule(SPEC, process.argv);

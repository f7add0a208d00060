// Compiles contracts/simulation/SellSimulator.sol into src/adapters/chain/sell-simulator-bytecode.ts (see runtime-bytecode-module.ts).
// Usage: npx tsx scripts/build-sell-simulator.ts [--check]
import {
  buildRuntimeBytecodeModule,
  isMain,
  runtimeBytecodeModule,
  type RuntimeBytecodeModule,
} from "./runtime-bytecode-module";

const SPEC: RuntimeBytecodeModule = {
  contract: "SellSimulator",
  target: "sell-simulator-bytecode.ts",
  constPrefix: "SELL_SIMULATOR",
  placedAt: "a simulated actor's address",
  script: "scripts/build-sell-simulator.ts",
};

export const sellSimulatorModule = (): Promise<string> => runtimeBytecodeModule(SPEC);

if (isMain(import.meta.url)) await buildRuntimeBytecodeModule(SPEC, process.argv);

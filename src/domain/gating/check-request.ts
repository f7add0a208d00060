import * as E from "fp-ts/Either";
import { parseAddress, type Address } from "../chain/address";
import { UseClassCodec } from "./attestation-codec";
import { parseDecimalAmount, type DecimalAmount } from "./decimal-amount";
import { gatingInputError, isJsonObject, type GatingInputError } from "./gating-input-error";
import { decodeLadder, isLabel, type GatingNetwork, type Ladder } from "./ladder";
import { presetLadder } from "./ladder-presets";
import type { UseClass } from "./use-class";

/** POST /api/gating/check, decoded, with the mainnet-mode input rules already applied. */
export interface CheckCommand {
  readonly wallet: Address;
  readonly network: GatingNetwork;
  readonly ladder: Ladder;
  /** Set when the ladder came from a preset. */
  readonly ladderPreset?: string;
  readonly capability?: string;
  readonly requestedAmount?: DecimalAmount;
  /** Use class of the fresh attestation in the answer; default financial_high (shortest lived). */
  readonly useClass: UseClass;
}

const fail = (code: GatingInputError["code"]) => E.left(gatingInputError(code));

/**
 * Order of checks (first failure wins): invalid_wallet, invalid_network, ladder_preset_forbidden
 * (mainnet + preset), ladder_required (neither ladder nor preset, or no bands), invalid_ladder
 * (bad shape, or both ladder and preset), invalid_ladder_preset (unknown name),
 * protocol_id_required (mainnet without ladder.protocolId), invalid_capability, invalid_amount,
 * invalid_use_class.
 */
export function decodeCheckRequest(body: unknown): E.Either<GatingInputError, CheckCommand> {
  const b = isJsonObject(body) ? body : {};
  const wallet = parseAddress(b.wallet);
  if (wallet === undefined) return fail("invalid_wallet");

  const network = b.network ?? "testnet";
  if (network !== "testnet" && network !== "mainnet") return fail("invalid_network");

  const hasLadder = b.ladder !== undefined && b.ladder !== null;
  const hasPreset = b.ladderPreset !== undefined && b.ladderPreset !== null;
  if (network === "mainnet" && hasPreset) return fail("ladder_preset_forbidden");
  if (!hasLadder && !hasPreset) return fail("ladder_required");
  if (hasLadder && hasPreset) return fail("invalid_ladder");

  let ladder: Ladder;
  if (hasLadder) {
    const decoded = decodeLadder(b.ladder);
    if (E.isLeft(decoded)) return decoded;
    ladder = decoded.right;
  } else {
    const preset = presetLadder(b.ladderPreset);
    if (preset === undefined) return fail("invalid_ladder_preset");
    ladder = preset;
  }
  if (network === "mainnet" && ladder.protocolId === undefined) return fail("protocol_id_required");

  if (b.capability !== undefined && !isLabel(b.capability)) return fail("invalid_capability");
  const requestedAmount = b.requestedAmount === undefined ? undefined : parseDecimalAmount(b.requestedAmount);
  if (b.requestedAmount !== undefined && requestedAmount === undefined) return fail("invalid_amount");
  const useClass =
    b.useClass === undefined ? E.right<unknown, UseClass>("financial_high") : UseClassCodec.decode(b.useClass);
  if (E.isLeft(useClass)) return fail("invalid_use_class");

  return E.right({
    wallet,
    network,
    ladder,
    useClass: useClass.right,
    ...(hasPreset ? { ladderPreset: b.ladderPreset as string } : {}),
    ...(b.capability === undefined ? {} : { capability: b.capability }),
    ...(requestedAmount === undefined ? {} : { requestedAmount }),
  });
}

import * as TE from "fp-ts/TaskEither";
import { pipe } from "fp-ts/function";
import type { AttestCommand } from "../../../domain/gating/attest-request";
import { gatingFailure, scoringFailureOf, type GatingFailure } from "./gating-failure";
import type { GatingScores, SubjectScore } from "./gating-scores.port";
import type { GatingSettings } from "./gating-settings";
import type { AttestationRequest } from "./attestation-request";

/**
 * What both attestation formats sign: the subject scored now, on this service's chain. A request
 * naming another chain is refused before scoring: signing our score for it would be a false claim.
 */
export function scoreForAttestation(
  scorer: GatingScores,
  settings: GatingSettings,
  command: AttestCommand,
): TE.TaskEither<GatingFailure, { readonly request: AttestationRequest; readonly scored: SubjectScore }> {
  if (command.chainId !== undefined && command.chainId !== settings.chainId) {
    return TE.left(
      gatingFailure("invalid_chain_id", `chainId ${command.chainId} is not the scored chain ${settings.chainId}`),
    );
  }
  const request = { ...command, chainId: settings.chainId };
  return pipe(
    scorer.scoreSubject({ subject: command.subject, subjectType: command.subjectType }),
    TE.mapLeft(scoringFailureOf("attest_failed", "invalid_subject")),
    TE.map((scored) => ({ request, scored })),
  );
}

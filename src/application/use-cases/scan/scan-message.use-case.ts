import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { injectable } from "inversify";
import type { MessageScanRequest } from "../../../domain/scan/scan-requests";
import { messageReasons } from "../../../domain/scan/signature-rules";
import { readMessage, type SiweMessage } from "../../../domain/scan/signed-message";
import { type ScanReason, type ScanVerdict, verdictOf } from "../../../domain/scan/scan-types";
import type { ScanFailed } from "./scan-settings";

export interface MessageScanAnswer {
  readonly verdict: ScanVerdict;
  readonly reasons: readonly ScanReason[];
  /** raw-hash, transaction, binary, siwe or text. */
  readonly messageKind: string;
  readonly siwe?: SiweMessage;
}

/** Reads a personal_sign request: a blind signature (hash, disguised transaction) or a sign-in and its domain. */
@injectable()
export class ScanMessage {
  execute(request: MessageScanRequest): TE.TaskEither<ScanFailed, MessageScanAnswer> {
    const reading = readMessage(request.message);
    const reasons = messageReasons(reading, request.signer, request.origin);
    return TE.fromEither(
      E.right({
        verdict: verdictOf(reasons),
        reasons,
        messageKind: reading.kind,
        ...(reading.kind === "siwe" ? { siwe: reading.siwe } : {}),
      }),
    );
  }
}

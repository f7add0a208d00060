import { ATTACK_OPERATOR_KEY, ATTACK_PLATFORM_KEY, type AttackRequest } from "./attack-request";
import { violationOf } from "./response-invariants";
import { sendRequest, type AttackResponse } from "./send-request";

/** One access-control attack (issue 28): what was sent, and why it broke, or null. */
export interface AccessAttackResult {
  readonly name: string;
  readonly sent: number;
  readonly failure: string | null;
}

const json = (method: string, path: string, body: unknown, key?: string): AttackRequest => ({
  method,
  path,
  headers: { "content-type": "application/json", ...(key === undefined ? {} : { authorization: `Bearer ${key}` }) },
  ...(body === undefined ? {} : { body: Buffer.from(typeof body === "string" ? body : JSON.stringify(body), "utf8") }),
  target: "access",
});

/** Reasons and notes an attacker would try to get republished; every one must be a 400, never a 5xx or a write. */
const HOSTILE_REVOCATIONS: readonly unknown[] = [
  { reason: "<script>alert(1)</script>" },
  { reason: "key_compromised\n" },
  { reason: "KEY_COMPROMISED" },
  { reason: "other", note: "x".repeat(201) },
  { reason: "other", note: "line one\r\nline two" },
  { reason: "other", note: "\u001b[31mred" },
  { reason: "other", note: "\u0085next line" },
  { reason: "other", note: "evil\u202Etxt.exe" },
  { reason: "other", note: { toString: "x" } },
  { reason: ["other"] },
  { reason: "other", note: "𝔘".repeat(101) },
];

let clientSeq = 0;

/**
 * Operator-only acts and the queue that feeds them: an anonymous report, a platform key or a hostile body may not
 * change what answers say, list other customers' registrations, revoke, or get text republished.
 */
export class AccessAttacks {
  private readonly results: AccessAttackResult[] = [];
  private sent = 0;

  constructor(
    private readonly baseUrl: string,
    /** A token flagged HONEYPOT_PATTERN in the seeded world. */
    private readonly honeypot: string,
  ) {}

  async runAll(): Promise<readonly AccessAttackResult[]> {
    await this.guarded("feedback cannot change an answer", () => this.feedbackChangesNoAnswer());
    await this.guarded("unauthenticated subscriptions list refused", () => this.noSubscriptionList());
    await this.guarded("platform key cannot revoke or decide", () => this.platformKeyIsNotOperator());
    await this.guarded("hostile revocation reason/note refused with 400", () => this.hostileRevocations());
    return this.results;
  }

  private async feedbackChangesNoAnswer(): Promise<string | null> {
    const before = await this.batchAnswer();
    if (!before.flags.includes("HONEYPOT_PATTERN")) return `the honeypot is not flagged: ${JSON.stringify(before)}`;
    const report = { address: this.honeypot, flag: "HONEYPOT_PATTERN", verdict: "false_positive", note: "not a scam" };
    // From many clients, so no rate limit stands between the reports and the store.
    for (let i = 0; i < 12; i++) {
      const res = await this.send(json("POST", "/api/feedback", report));
      if (res.status !== 201) return `feedback answered ${res.status} ${res.body}`;
    }
    const after = await this.batchAnswer();
    if (after.flagsUnderReview !== undefined) return `feedback marked ${JSON.stringify(after.flagsUnderReview)}`;
    return JSON.stringify(after.flags) === JSON.stringify(before.flags) ? null : "feedback changed the flags";
  }

  private async noSubscriptionList(): Promise<string | null> {
    const res = await this.send(json("GET", "/api/protocol-guard/subscriptions", undefined));
    if (res.status !== 401 || !res.body.includes('"error":"manage_token_required"'))
      return `answered ${res.status} ${res.body.slice(0, 200)}`;
    return res.body.includes("sub_") ? "the refusal names a subscription" : null;
  }

  private async platformKeyIsNotOperator(): Promise<string | null> {
    const id = `att_${"5a".repeat(16)}`;
    const attempts = [
      json("POST", "/api/gating/revoke", { id, reason: "other" }, ATTACK_PLATFORM_KEY),
      json("POST", "/api/gating/revoke", { id, reason: "other" }),
      json(
        "POST",
        "/api/operator/flag-decisions",
        { address: this.honeypot, flag: "HONEYPOT_PATTERN", decision: "under_review" },
        ATTACK_PLATFORM_KEY,
      ),
      json("GET", "/api/feedback", undefined, ATTACK_PLATFORM_KEY),
      json(
        "POST",
        `/api/operator/disputes/dsp_${"5a".repeat(16)}/decision`,
        { status: "upheld", reason: "platform keys do not decide" },
        ATTACK_PLATFORM_KEY,
      ),
      json("GET", `/api/operator/disputes?address=${this.honeypot}`, undefined, ATTACK_PLATFORM_KEY),
    ];
    for (const request of attempts) {
      const res = await this.send(request);
      if (res.status !== 401) return `${request.method} ${request.path} answered ${res.status} ${res.body}`;
    }
    if ((await this.revocations()).includes(id)) return "a refused revocation was published";
    return (await this.batchAnswer()).flagsUnderReview === undefined ? null : "a refused decision marked a flag";
  }

  private async hostileRevocations(): Promise<string | null> {
    const id = `att_${"6b".repeat(16)}`;
    for (const body of HOSTILE_REVOCATIONS) {
      const res = await this.send(json("POST", "/api/gating/revoke", { id, ...(body as object) }, ATTACK_OPERATOR_KEY));
      // Control characters the JSON body guard knows are refused there (invalid_json), the rest by the decoder.
      if (res.status !== 400 || !/"error":"(invalid_reason|invalid_json)"/.test(res.body))
        return `${JSON.stringify(body).slice(0, 80)} answered ${res.status} ${res.body}`;
    }
    // Raw control bytes never reach the route: the body guard answers 400 before anything is read.
    const raw = await this.send(
      json("POST", "/api/gating/revoke", `{"id":"${id}","reason":"other","note":"nul\u0000"}`, ATTACK_OPERATOR_KEY),
    );
    if (raw.status !== 400) return `a NUL in the note answered ${raw.status} ${raw.body}`;
    return (await this.revocations()).includes(id) ? "a refused revocation was published" : null;
  }

  private async batchAnswer(): Promise<{ flags: string[]; flagsUnderReview?: string[] }> {
    const res = await this.send(json("POST", "/api/batch", { addresses: [this.honeypot] }));
    if (res.status !== 200) throw new Error(`batch answered ${res.status} ${res.body}`);
    return (JSON.parse(res.body) as { flags: string[]; flagsUnderReview?: string[] }[])[0]!;
  }

  private async revocations(): Promise<string> {
    const res = await this.send(json("GET", "/api/gating/revocations", undefined));
    if (res.status !== 200 || !res.contentType.startsWith("application/json"))
      throw new Error(`revocations answered ${res.status} ${res.contentType}`);
    return res.body;
  }

  /** Every answer of every attack is also held to the suite's invariants (no 5xx, documented JSON errors). */
  private async send(request: AttackRequest): Promise<AttackResponse> {
    this.sent += 1;
    clientSeq += 1;
    const res = await sendRequest(this.baseUrl, request, `10.254.${(clientSeq >> 8) & 255}.${clientSeq & 255}`);
    const broken = violationOf(request, res);
    if (broken !== null) throw new Error(`${request.method} ${request.path}: ${broken}`);
    return res;
  }

  private async guarded(name: string, attack: () => Promise<string | null>): Promise<void> {
    const sentBefore = this.sent;
    let failure: string | null;
    try {
      failure = await attack();
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    this.results.push({ name, sent: this.sent - sentBefore, failure });
  }
}

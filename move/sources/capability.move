/// TrustedAgentCap: proof, valid for VALIDITY_EPOCHS epochs, that the registry scored an address
/// at least 70 (standard) or 85 (elite) and did not flag it as a bot. Minted by the oracle to the
/// subject, in the same transaction as the update_score that earned it.
module credence::capability;

use credence::registry::{Self, ScoreRegistry, OracleCap};

/// The recorded score is below the kind's threshold, or the subject is bot-flagged.
const ENotEarned: u64 = 10;
const ENotScored: u64 = 11;
const EUnknownKind: u64 = 12;

const STANDARD: u8 = 1;
const ELITE: u8 = 2;
const STANDARD_MIN_SCORE: u8 = 70;
const ELITE_MIN_SCORE: u8 = 85;
const VALIDITY_EPOCHS: u64 = 30;

public struct TrustedAgentCap has key, store {
    id: UID,
    registry_id: ID,
    subject: address,
    kind: u8,
    score: u8,
    issued_epoch: u64,
    expires_epoch: u64,
}

/// Mints a TrustedAgentCap of `kind` (1 standard, 2 elite) to `subject` from its recorded score.
public fun mint(registry: &ScoreRegistry, cap: &OracleCap, subject: address, kind: u8, ctx: &mut TxContext) {
    registry::assert_oracle(registry, cap);
    assert!(kind == STANDARD || kind == ELITE, EUnknownKind);
    assert!(registry::is_scored(registry, subject), ENotScored);
    let score = registry::get_score(registry, subject);
    let min = if (kind == ELITE) ELITE_MIN_SCORE else STANDARD_MIN_SCORE;
    assert!(score >= min && !registry::is_bot_flagged(registry, subject), ENotEarned);
    let issued = ctx.epoch();
    let agent_cap = TrustedAgentCap {
        id: object::new(ctx),
        registry_id: object::id(registry),
        subject,
        kind,
        score,
        issued_epoch: issued,
        expires_epoch: issued + VALIDITY_EPOCHS,
    };
    transfer::public_transfer(agent_cap, subject);
}

public fun is_valid(cap: &TrustedAgentCap, ctx: &TxContext): bool { ctx.epoch() < cap.expires_epoch }

public fun kind(cap: &TrustedAgentCap): u8 { cap.kind }

public fun subject(cap: &TrustedAgentCap): address { cap.subject }

public fun expires_epoch(cap: &TrustedAgentCap): u64 { cap.expires_epoch }

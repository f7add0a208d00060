/// Credence's on-chain ScoreRegistry: one shared object holding a ScoreRecord per scored address,
/// written only by the holder of the OracleCap minted at publish time. The off-chain service reads
/// it with read-only simulations (simulateTransaction) of the view functions below.
module credence::registry;

use sui::event;
use sui::table::{Self, Table};

/// A getter was called for an address that was never scored.
const ENotScored: u64 = 1;
/// The OracleCap belongs to another registry.
const EWrongRegistry: u64 = 2;
const EInvalidScore: u64 = 3;
const EInvalidTier: u64 = 4;
const EInvalidConfidence: u64 = 5;

/// Onchain tier codes: 0 LOW, 1 MEDIUM, 2 HIGH.
const MAX_TIER: u8 = 2;

public struct ScoreRecord has copy, drop, store {
    score: u8,
    tier: u8,
    confidence: u8,
    bot_flagged: bool,
    updated_epoch: u64,
}

public struct ScoreRegistry has key {
    id: UID,
    records: Table<address, ScoreRecord>,
}

/// The right to write scores into one registry.
public struct OracleCap has key, store {
    id: UID,
    registry_id: ID,
}

public struct TrustScoreUpdated has copy, drop {
    registry_id: ID,
    subject: address,
    score: u8,
    tier: u8,
    confidence: u8,
    bot_flagged: bool,
    epoch: u64,
}

fun init(ctx: &mut TxContext) {
    let registry = ScoreRegistry { id: object::new(ctx), records: table::new(ctx) };
    let cap = OracleCap { id: object::new(ctx), registry_id: object::id(&registry) };
    transfer::share_object(registry);
    transfer::transfer(cap, ctx.sender());
}

/// Aborts unless `cap` is this registry's OracleCap.
public fun assert_oracle(registry: &ScoreRegistry, cap: &OracleCap) {
    assert!(cap.registry_id == object::id(registry), EWrongRegistry);
}

/// Records (or replaces) `subject`'s score as of the current epoch and emits TrustScoreUpdated.
public fun update_score(
    registry: &mut ScoreRegistry,
    cap: &OracleCap,
    subject: address,
    score: u8,
    tier: u8,
    confidence: u8,
    bot_flagged: bool,
    ctx: &TxContext,
) {
    assert_oracle(registry, cap);
    assert!(score <= 100, EInvalidScore);
    assert!(tier <= MAX_TIER, EInvalidTier);
    assert!(confidence <= 100, EInvalidConfidence);
    let record = ScoreRecord { score, tier, confidence, bot_flagged, updated_epoch: ctx.epoch() };
    if (registry.records.contains(subject)) {
        *registry.records.borrow_mut(subject) = record;
    } else {
        registry.records.add(subject, record);
    };
    event::emit(TrustScoreUpdated {
        registry_id: object::id(registry),
        subject,
        score,
        tier,
        confidence,
        bot_flagged,
        epoch: ctx.epoch(),
    });
}

public fun is_scored(registry: &ScoreRegistry, subject: address): bool {
    registry.records.contains(subject)
}

fun record(registry: &ScoreRegistry, subject: address): &ScoreRecord {
    assert!(registry.records.contains(subject), ENotScored);
    registry.records.borrow(subject)
}

public fun get_score(registry: &ScoreRegistry, subject: address): u8 { record(registry, subject).score }

public fun get_tier(registry: &ScoreRegistry, subject: address): u8 { record(registry, subject).tier }

public fun get_confidence(registry: &ScoreRegistry, subject: address): u8 { record(registry, subject).confidence }

public fun is_bot_flagged(registry: &ScoreRegistry, subject: address): bool { record(registry, subject).bot_flagged }

public fun get_updated_epoch(registry: &ScoreRegistry, subject: address): u64 {
    record(registry, subject).updated_epoch
}

/// Scored, not bot-flagged, and at least `threshold`; false (never an abort) for an unscored address.
public fun is_trusted(registry: &ScoreRegistry, subject: address, threshold: u8): bool {
    if (!registry.records.contains(subject)) return false;
    let r = registry.records.borrow(subject);
    !r.bot_flagged && r.score >= threshold
}

public fun total_scored(registry: &ScoreRegistry): u64 { registry.records.length() }

#[test_only]
public fun init_for_testing(ctx: &mut TxContext) { init(ctx) }

#[test_only]
module credence::credence_tests;

use credence::capability::{Self, TrustedAgentCap};
use credence::registry::{Self, ScoreRegistry, OracleCap};
use sui::test_scenario::{Self as ts, Scenario};

const ORACLE: address = @0xA;
const SUBJECT: address = @0xB;

fun publish(): Scenario {
    let mut sc = ts::begin(ORACLE);
    registry::init_for_testing(sc.ctx());
    sc.next_tx(ORACLE);
    sc
}

#[test]
fun update_then_read_every_view() {
    let mut sc = publish();
    let mut reg = sc.take_shared<ScoreRegistry>();
    let cap = sc.take_from_sender<OracleCap>();
    assert!(!registry::is_scored(&reg, SUBJECT));
    assert!(!registry::is_trusted(&reg, SUBJECT, 0));
    registry::update_score(&mut reg, &cap, SUBJECT, 88, 2, 80, false, sc.ctx());
    assert!(registry::is_scored(&reg, SUBJECT));
    assert!(registry::get_score(&reg, SUBJECT) == 88);
    assert!(registry::get_tier(&reg, SUBJECT) == 2);
    assert!(registry::get_confidence(&reg, SUBJECT) == 80);
    assert!(!registry::is_bot_flagged(&reg, SUBJECT));
    assert!(registry::get_updated_epoch(&reg, SUBJECT) == sc.ctx().epoch());
    assert!(registry::is_trusted(&reg, SUBJECT, 88));
    assert!(!registry::is_trusted(&reg, SUBJECT, 89));
    assert!(registry::total_scored(&reg) == 1);
    // A second update replaces the record; the count stays.
    registry::update_score(&mut reg, &cap, SUBJECT, 30, 0, 60, true, sc.ctx());
    assert!(registry::get_score(&reg, SUBJECT) == 30);
    assert!(!registry::is_trusted(&reg, SUBJECT, 0));
    assert!(registry::total_scored(&reg) == 1);
    ts::return_shared(reg);
    sc.return_to_sender(cap);
    sc.end();
}

#[test, expected_failure(abort_code = credence::registry::ENotScored)]
fun getter_aborts_on_unscored_subject() {
    let mut sc = publish();
    let reg = sc.take_shared<ScoreRegistry>();
    registry::get_score(&reg, SUBJECT);
    ts::return_shared(reg);
    sc.end();
}

#[test, expected_failure(abort_code = credence::registry::EInvalidScore)]
fun score_above_100_aborts() {
    let mut sc = publish();
    let mut reg = sc.take_shared<ScoreRegistry>();
    let cap = sc.take_from_sender<OracleCap>();
    registry::update_score(&mut reg, &cap, SUBJECT, 101, 2, 80, false, sc.ctx());
    ts::return_shared(reg);
    sc.return_to_sender(cap);
    sc.end();
}

#[test, expected_failure(abort_code = credence::registry::EInvalidTier)]
fun tier_above_2_aborts() {
    let mut sc = publish();
    let mut reg = sc.take_shared<ScoreRegistry>();
    let cap = sc.take_from_sender<OracleCap>();
    registry::update_score(&mut reg, &cap, SUBJECT, 50, 3, 80, false, sc.ctx());
    ts::return_shared(reg);
    sc.return_to_sender(cap);
    sc.end();
}

#[test, expected_failure(abort_code = credence::registry::EWrongRegistry)]
fun another_registrys_cap_cannot_write() {
    let mut sc = publish();
    let first_cap = sc.take_from_sender<OracleCap>();
    // A second registry (a second publish) with its own cap.
    registry::init_for_testing(sc.ctx());
    sc.next_tx(ORACLE);
    let mut reg = sc.take_shared<ScoreRegistry>();
    let cap = sc.take_from_sender<OracleCap>();
    // One of the two caps belongs to the other registry; writing with both must abort once.
    registry::update_score(&mut reg, &cap, SUBJECT, 50, 1, 50, false, sc.ctx());
    registry::update_score(&mut reg, &first_cap, SUBJECT, 50, 1, 50, false, sc.ctx());
    ts::return_shared(reg);
    sc.return_to_sender(cap);
    sc.return_to_sender(first_cap);
    sc.end();
}

#[test]
fun elite_cap_minted_valid_for_30_epochs() {
    let mut sc = publish();
    let mut reg = sc.take_shared<ScoreRegistry>();
    let cap = sc.take_from_sender<OracleCap>();
    registry::update_score(&mut reg, &cap, SUBJECT, 90, 2, 80, false, sc.ctx());
    capability::mint(&reg, &cap, SUBJECT, 2, sc.ctx());
    ts::return_shared(reg);
    sc.return_to_sender(cap);
    sc.next_tx(SUBJECT);
    let agent = sc.take_from_sender<TrustedAgentCap>();
    assert!(capability::kind(&agent) == 2);
    assert!(capability::subject(&agent) == SUBJECT);
    assert!(capability::expires_epoch(&agent) == sc.ctx().epoch() + 30);
    assert!(capability::is_valid(&agent, sc.ctx()));
    sc.return_to_sender(agent);
    sc.end();
}

#[test, expected_failure(abort_code = credence::capability::ENotEarned)]
fun elite_cap_refused_below_85() {
    let mut sc = publish();
    let mut reg = sc.take_shared<ScoreRegistry>();
    let cap = sc.take_from_sender<OracleCap>();
    registry::update_score(&mut reg, &cap, SUBJECT, 80, 2, 80, false, sc.ctx());
    capability::mint(&reg, &cap, SUBJECT, 2, sc.ctx());
    ts::return_shared(reg);
    sc.return_to_sender(cap);
    sc.end();
}

#[test, expected_failure(abort_code = credence::capability::ENotEarned)]
fun bot_flagged_subject_earns_no_cap() {
    let mut sc = publish();
    let mut reg = sc.take_shared<ScoreRegistry>();
    let cap = sc.take_from_sender<OracleCap>();
    registry::update_score(&mut reg, &cap, SUBJECT, 95, 2, 80, true, sc.ctx());
    capability::mint(&reg, &cap, SUBJECT, 1, sc.ctx());
    ts::return_shared(reg);
    sc.return_to_sender(cap);
    sc.end();
}

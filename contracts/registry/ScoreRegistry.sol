// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @notice What a protocol reads to gate on a Credence score (issue 33 item 5).
interface IScoreRegistry {
    function scoreOf(address account)
        external
        view
        returns (uint8 score, uint8 tier, uint8 confidence, uint64 updatedAt, bytes32 flagsHash);

    function isAllowed(address account, uint8 minScore, uint64 maxAge) external view returns (bool);
}

/// @notice Credence scores on chain, written only by the service's oracle key. Score 0..100, tier 0 LOW
/// (and BLOCKED), 1 MEDIUM, 2 HIGH (and ELITE, VERIFIED), confidence 0..100, updatedAt the block time of
/// the write, flagsHash keccak256 of the answer's flag codes (sorted, comma-joined; zero for none).
/// @dev score, tier, confidence and updatedAt share one storage slot, so isAllowed reads one slot.
contract ScoreRegistry is IScoreRegistry {
    struct Packed {
        uint8 score;
        uint8 tier;
        uint8 confidence;
        uint64 updatedAt;
    }

    address public owner;
    address public oracle;
    mapping(address => Packed) private _scores;
    mapping(address => bytes32) private _flagsHashes;

    event ScorePublished(
        address indexed account, uint8 score, uint8 tier, uint8 confidence, uint64 updatedAt, bytes32 flagsHash
    );
    event OracleChanged(address indexed previousOracle, address indexed newOracle);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error NotOracle(address caller);
    error NotOwner(address caller);
    error LengthMismatch();
    error InvalidEntry(address account);

    constructor(address initialOracle) {
        owner = msg.sender;
        oracle = initialOracle;
        emit OwnershipTransferred(address(0), msg.sender);
        emit OracleChanged(address(0), initialOracle);
    }

    function setOracle(address newOracle) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        emit OracleChanged(oracle, newOracle);
        oracle = newOracle;
    }

    function transferOwnership(address newOwner) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    /// @notice Writes a batch of scores, each stamped with this block's time.
    function publish(
        address[] calldata accounts,
        uint8[] calldata scores,
        uint8[] calldata tiers,
        uint8[] calldata confidences,
        bytes32[] calldata flagsHashes
    ) external {
        if (msg.sender != oracle) revert NotOracle(msg.sender);
        uint256 count = accounts.length;
        if (
            scores.length != count || tiers.length != count || confidences.length != count
                || flagsHashes.length != count
        ) revert LengthMismatch();
        uint64 nowTs = uint64(block.timestamp);
        for (uint256 i = 0; i < count; i++) {
            address account = accounts[i];
            if (account == address(0) || scores[i] > 100 || tiers[i] > 2 || confidences[i] > 100) {
                revert InvalidEntry(account);
            }
            _scores[account] = Packed(scores[i], tiers[i], confidences[i], nowTs);
            _flagsHashes[account] = flagsHashes[i];
            emit ScorePublished(account, scores[i], tiers[i], confidences[i], nowTs, flagsHashes[i]);
        }
    }

    function scoreOf(address account)
        external
        view
        returns (uint8 score, uint8 tier, uint8 confidence, uint64 updatedAt, bytes32 flagsHash)
    {
        Packed memory entry = _scores[account];
        return (entry.score, entry.tier, entry.confidence, entry.updatedAt, _flagsHashes[account]);
    }

    /// @notice True when the account has a score of at least minScore written at most maxAge seconds ago
    /// (maxAge 0: any age). An account never scored is not allowed.
    function isAllowed(address account, uint8 minScore, uint64 maxAge) external view returns (bool) {
        Packed memory entry = _scores[account];
        if (entry.updatedAt == 0 || entry.score < minScore) return false;
        return maxAge == 0 || block.timestamp - entry.updatedAt <= maxAge;
    }
}

/// @notice Measures isAllowed's gas as a protocol pays it: the first call of a transaction (cold account
/// and slot) and a second one (warm). Used by the bench through eth_call; never deployed by the service.
contract ScoreRegistryGasProbe {
    function measure(IScoreRegistry registry, address account, uint8 minScore, uint64 maxAge)
        external
        view
        returns (uint256 cold, uint256 warm, bool allowed)
    {
        uint256 before = gasleft();
        allowed = registry.isAllowed(account, minScore, maxAge);
        cold = before - gasleft();
        before = gasleft();
        registry.isAllowed(account, minScore, maxAge);
        warm = before - gasleft();
    }
}

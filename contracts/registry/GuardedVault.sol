// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IScoreRegistry} from "./ScoreRegistry.sol";

/// @notice An example protocol gating on Credence: native deposits only from accounts whose published score
/// is at least minScore and at most maxAge seconds old.
contract GuardedVault {
    IScoreRegistry public immutable registry;
    uint8 public immutable minScore;
    uint64 public immutable maxAge;
    mapping(address => uint256) public balanceOf;

    event Deposited(address indexed account, uint256 amount);
    event Withdrawn(address indexed account, uint256 amount);

    error ScoreTooLow(address account);
    error InsufficientBalance();

    constructor(IScoreRegistry scoreRegistry, uint8 minimumScore, uint64 maximumAge) {
        registry = scoreRegistry;
        minScore = minimumScore;
        maxAge = maximumAge;
    }

    function deposit() external payable {
        if (!registry.isAllowed(msg.sender, minScore, maxAge)) revert ScoreTooLow(msg.sender);
        balanceOf[msg.sender] += msg.value;
        emit Deposited(msg.sender, msg.value);
    }

    /// @notice Withdrawals are never gated: a score that falls later does not lock funds in.
    function withdraw(uint256 amount) external {
        if (amount > balanceOf[msg.sender]) revert InsufficientBalance();
        balanceOf[msg.sender] -= amount;
        emit Withdrawn(msg.sender, amount);
        (bool sent,) = msg.sender.call{value: amount}("");
        require(sent, "GuardedVault: transfer failed");
    }
}

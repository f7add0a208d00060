// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface ILockedToken {
    function transfer(address to, uint256 value) external returns (bool);
    function balanceOf(address account) external view returns (uint256);
}

/// @notice The simplest LP lock there is: it holds whatever LP tokens are sent to it and lets `beneficiary` take
/// them back from `releaseTime()` (unix seconds) on. Nothing in it is specific to one locker brand.
contract LpTimeLock {
    address public immutable token;
    address public immutable beneficiary;
    uint256 public immutable releaseTime;

    constructor(address lockedToken, address beneficiary_, uint256 releaseTime_) {
        token = lockedToken;
        beneficiary = beneficiary_;
        releaseTime = releaseTime_;
    }

    function release() external {
        require(block.timestamp >= releaseTime, "locked");
        ILockedToken(token).transfer(beneficiary, ILockedToken(token).balanceOf(address(this)));
    }
}

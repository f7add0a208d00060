// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @notice Lock-based staking of the chain's native value: payable stake(), withdraw(uint256), unstake(uint256).
contract NativeLockStaking {
    struct Position {
        uint256 amount;
        uint256 lockUntil;
    }

    uint256 public immutable lockSeconds;
    uint256 public totalStaked;
    mapping(address => Position) public positions;

    event Staked(address indexed user, uint256 amount, uint256 lockUntil);
    event Unstaked(address indexed user, uint256 amount);

    constructor(uint256 lockDurationSeconds) {
        lockSeconds = lockDurationSeconds;
    }

    function stake() external payable {
        require(msg.value > 0, "NativeLockStaking: zero amount");
        Position storage position = positions[msg.sender];
        uint256 lockUntil = block.timestamp + lockSeconds;
        if (lockUntil > position.lockUntil) position.lockUntil = lockUntil;
        position.amount += msg.value;
        totalStaked += msg.value;
        emit Staked(msg.sender, msg.value, position.lockUntil);
    }

    function unstake(uint256 amount) external {
        withdraw(amount);
    }

    function withdraw(uint256 amount) public {
        Position storage position = positions[msg.sender];
        require(block.timestamp >= position.lockUntil, "NativeLockStaking: still locked");
        require(amount > 0 && amount <= position.amount, "NativeLockStaking: bad amount");
        position.amount -= amount;
        totalStaked -= amount;
        (bool sent, ) = msg.sender.call{value: amount}("");
        require(sent, "NativeLockStaking: transfer failed");
        emit Unstaked(msg.sender, amount);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice Lock-based ERC-20 staking with the common selectors staking discovery looks for:
/// stake(uint256), stake(uint256,uint256), stakeFor(address,uint256), withdraw(uint256), unstake(uint256).
/// A new stake extends the position's lock to the later of the two ends.
contract LockStaking {
    using SafeERC20 for IERC20;

    struct Position {
        uint256 amount;
        uint256 lockUntil;
    }

    IERC20 public immutable stakingToken;
    uint256 public immutable defaultLockSeconds;
    uint256 public totalStaked;
    mapping(address => Position) public positions;

    event Staked(address indexed user, uint256 amount, uint256 lockUntil);
    event StakedFor(address indexed staker, address indexed beneficiary, uint256 amount);
    event Unstaked(address indexed user, uint256 amount);

    constructor(IERC20 token, uint256 lockSeconds) {
        stakingToken = token;
        defaultLockSeconds = lockSeconds;
    }

    function stake(uint256 amount) external {
        _stake(msg.sender, amount, defaultLockSeconds);
    }

    function stake(uint256 amount, uint256 lockSeconds) external {
        _stake(msg.sender, amount, lockSeconds);
    }

    /// @dev Credits someone else's position: the primitive a staking ring uses to inflate each other.
    function stakeFor(address beneficiary, uint256 amount) external {
        _stake(beneficiary, amount, defaultLockSeconds);
        emit StakedFor(msg.sender, beneficiary, amount);
    }

    function unstake(uint256 amount) external {
        withdraw(amount);
    }

    function withdraw(uint256 amount) public {
        Position storage position = positions[msg.sender];
        require(block.timestamp >= position.lockUntil, "LockStaking: still locked");
        require(amount > 0 && amount <= position.amount, "LockStaking: bad amount");
        position.amount -= amount;
        totalStaked -= amount;
        stakingToken.safeTransfer(msg.sender, amount);
        emit Unstaked(msg.sender, amount);
    }

    function _stake(address beneficiary, uint256 amount, uint256 lockSeconds) private {
        require(amount > 0, "LockStaking: zero amount");
        stakingToken.safeTransferFrom(msg.sender, address(this), amount);
        Position storage position = positions[beneficiary];
        uint256 lockUntil = block.timestamp + lockSeconds;
        if (lockUntil > position.lockUntil) position.lockUntil = lockUntil;
        position.amount += amount;
        totalStaked += amount;
        emit Staked(beneficiary, amount, position.lockUntil);
    }
}

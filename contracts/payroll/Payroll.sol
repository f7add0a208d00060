// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice A company payroll: its owner pays salaries in one stablecoin to a list of recipients in one call
/// (same block, equal amounts): the honest look-alike of a sybil farm's same-block, same-amount funding.
contract Payroll {
    address public immutable owner;
    IERC20 public immutable token;

    constructor(IERC20 payToken) {
        owner = msg.sender;
        token = payToken;
    }

    function pay(address[] calldata recipients, uint256[] calldata amounts) external {
        require(msg.sender == owner, "not owner");
        require(recipients.length == amounts.length, "length mismatch");
        for (uint256 i = 0; i < recipients.length; i++) {
            require(token.transfer(recipients[i], amounts[i]), "transfer failed");
        }
    }
}

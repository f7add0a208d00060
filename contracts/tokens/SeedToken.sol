// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice A plain fixed-supply ERC-20, minted to its deployer: the honest baseline token of the seeded world.
contract SeedToken is ERC20 {
    constructor(string memory tokenName, string memory tokenSymbol, uint256 supply) ERC20(tokenName, tokenSymbol) {
        _mint(msg.sender, supply);
    }
}

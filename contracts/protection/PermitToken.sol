// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @notice A plain ERC-20 with EIP-2612 permit, for the signed-permit cases of wallet protection (issue 31).
contract PermitToken is ERC20, ERC20Permit {
    constructor(string memory tokenName, string memory tokenSymbol, uint256 supply)
        ERC20(tokenName, tokenSymbol)
        ERC20Permit(tokenName)
    {
        _mint(msg.sender, supply);
    }
}

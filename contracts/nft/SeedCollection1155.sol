// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

/// @notice An open-mint ERC-1155 collection with a handful of ids.
contract SeedCollection1155 is ERC1155 {
    address public immutable creator;

    constructor(string memory uri) ERC1155(uri) {
        creator = msg.sender;
    }

    function mint(uint256 id, uint256 amount) external {
        _mint(msg.sender, id, amount, "");
    }
}

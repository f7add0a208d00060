// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @notice An open-mint ERC-721 collection: anyone mints the next ids to themselves.
contract SeedCollection721 is ERC721 {
    address public immutable creator;
    uint256 public totalSupply;

    constructor(string memory collectionName, string memory collectionSymbol) ERC721(collectionName, collectionSymbol) {
        creator = msg.sender;
    }

    function mint(uint256 quantity) external {
        for (uint256 i = 0; i < quantity; i++) {
            _safeMint(msg.sender, ++totalSupply);
        }
    }
}

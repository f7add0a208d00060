// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Shared base of the seeded NFT capability collections (issue 17 item 4): an owned ERC-721 with a capped
/// public mint of the next ids and a fixed base URI. Each subclass adds one capability under a name no selector
/// table lists; the plain one adds nothing and is renounced after its mint.
abstract contract CappedCollection is ERC721, Ownable {
    uint256 public immutable MAX_SUPPLY;
    uint256 public totalSupply;
    string internal baseUri = "ipfs://seeded-art/";

    constructor(string memory name_, string memory symbol_, uint256 maxSupply_)
        ERC721(name_, symbol_)
        Ownable(msg.sender)
    {
        MAX_SUPPLY = maxSupply_;
    }

    function mint(uint256 quantity) external {
        require(totalSupply + quantity <= MAX_SUPPLY, "sold out");
        _mintNext(msg.sender, quantity);
    }

    function _mintNext(address to, uint256 quantity) internal {
        for (uint256 i = 0; i < quantity; i++) _mint(to, ++totalSupply);
    }

    function _baseURI() internal view override returns (string memory) {
        return baseUri;
    }
}

/// @notice Plain: public capped mint, fixed metadata, renounced by the seed. Raises none of the capability flags.
contract PlainCollection is CappedCollection {
    constructor(string memory n, string memory s, uint256 max) CappedCollection(n, s, max) {}
}

/// @notice airdropReserve(to, n): the owner mints for free, within the cap (NFT_PRIVILEGED_MINT only).
contract ReserveDropCollection is CappedCollection {
    constructor(string memory n, string memory s, uint256 max) CappedCollection(n, s, max) {}

    function airdropReserve(address to, uint256 quantity) external onlyOwner {
        require(totalSupply + quantity <= MAX_SUPPLY, "sold out");
        _mintNext(to, quantity);
    }
}

/// @notice teamAllocation(to, n): the owner mints past MAX_SUPPLY (NFT_PRIVILEGED_MINT and NFT_OVERSUPPLY_MINT).
contract TeamAllocationCollection is CappedCollection {
    constructor(string memory n, string memory s, uint256 max) CappedCollection(n, s, max) {}

    function teamAllocation(address to, uint256 quantity) external onlyOwner {
        _mintNext(to, quantity);
    }
}

/// @notice refreshArt(): the owner swaps every item's art to another base URI (NFT_METADATA_MUTABLE).
contract RefreshArtCollection is CappedCollection {
    uint256 public artVersion;

    constructor(string memory n, string memory s, uint256 max) CappedCollection(n, s, max) {}

    function refreshArt() external onlyOwner {
        artVersion++;
        baseUri = string.concat("ipfs://seeded-art-v", _digit(artVersion), "/");
    }

    function _digit(uint256 v) private pure returns (string memory) {
        return string(abi.encodePacked(bytes1(uint8(48 + (v % 10)))));
    }
}

/// @notice reclaim(id): the owner destroys any holder's item (NFT_PRIVILEGED_BURN).
contract ReclaimCollection is CappedCollection {
    constructor(string memory n, string memory s, uint256 max) CappedCollection(n, s, max) {}

    function reclaim(uint256 tokenId) external onlyOwner {
        _burn(tokenId);
    }
}

/// @notice rescue(from, to, id): a keeper kept in storage moves any holder's item without approval; owner() is
/// renounced by the seed, so only the stored keeper can (NFT_OPERATOR_BACKDOOR through a hidden caller).
contract RescueCollection is CappedCollection {
    address private keeper;

    constructor(string memory n, string memory s, uint256 max) CappedCollection(n, s, max) {
        keeper = msg.sender;
    }

    function rescue(address from, address to, uint256 tokenId) external {
        require(msg.sender == keeper, "not keeper");
        _transfer(from, to, tokenId);
    }
}

/// @notice sweep(id): anyone takes any item (NFT_ANYONE_CAN_TAKE, blocking).
contract SweepCollection is CappedCollection {
    constructor(string memory n, string memory s, uint256 max) CappedCollection(n, s, max) {}

    function sweep(uint256 tokenId) external {
        _transfer(_requireOwned(tokenId), msg.sender, tokenId);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @notice Never deployed: placed by eth_call state override at a candidate caller's address (or a random one),
/// it tries many calls to a collection in ONE eth_call. Each attempt runs in a frame that always reverts, so its
/// state changes are rolled back before the next; the readings taken before and after travel out in the revert
/// data. Readings are arbitrary view calls chosen by the caller (ownerOf, balanceOf, tokenURI, uri, totalSupply).
contract NftCapabilityProbe {
    /// @dev Carries one attempt's measurements out of the reverted frame.
    error Outcome(bool ok, bool exhausted, uint256[] afterwards);

    /// @notice Reads `reads` once (every attempt starts from this state), then tries each of `calls` against `nft`
    /// as this address, each rolled back.
    /// @return before the readings before any call: three words per read: answered (0/1), the first return word,
    ///   keccak256 of the whole return data.
    /// @return results per call: abi.encode(ok, exhausted, afterwards) (afterwards empty when the call reverted: a
    ///   reverted call changed nothing; exhausted when it used all the gas it was given: with more it might have gone
    ///   further), or empty when the attempt frame itself failed.
    function tryAll(
        address nft,
        bytes[] calldata calls,
        bytes[] calldata reads,
        uint256 gasPerCall
    ) external returns (uint256[] memory before, bytes[] memory results) {
        before = _read(nft, reads);
        results = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            // A call that succeeds as a STATICCALL writes nothing (no storage, no log, no value), so the same call
            // made for real would change nothing either: its answer is "ok, readings unchanged", without the
            // real call and the second round of reads (a node pays for every call frame, views are most attempts).
            (bool readOnly, ) = nft.staticcall{gas: gasPerCall}(calls[i]);
            if (readOnly) {
                results[i] = abi.encode(true, false, before);
                continue;
            }
            try this.attempt(nft, calls[i], reads, gasPerCall) {} catch (bytes memory data) {
                if (data.length >= 4 && bytes4(data) == Outcome.selector) results[i] = _strip(data);
            }
        }
    }

    /// @notice One attempt; always reverts with Outcome. Only this contract calls it (the rollback is the point).
    function attempt(address nft, bytes calldata data, bytes[] calldata reads, uint256 gasLimit) external {
        require(msg.sender == address(this), "self only");
        uint256 gasBefore = gasleft();
        (bool ok, ) = nft.call{gas: gasLimit}(data);
        // A call ends having used all its gas only by running out of it (a revert hands the rest back); with less
        // than gasLimit left here it was given 63/64 of what there was, and then only 1/64 remains.
        bool exhausted = !ok && (gasBefore - gasleft() >= gasLimit || gasleft() <= gasBefore / 64);
        // Each view is an external call, the costly part of a node's eth_call: read only when something may have moved.
        revert Outcome(ok, exhausted, ok ? _read(nft, reads) : new uint256[](0));
    }

    /// A collection may mint or move to this address with a safe transfer: accept like a wallet would.
    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(
        address,
        address,
        uint256[] calldata,
        uint256[] calldata,
        bytes calldata
    ) external pure returns (bytes4) {
        return this.onERC1155BatchReceived.selector;
    }

    function _read(address nft, bytes[] calldata reads) private view returns (uint256[] memory out) {
        out = new uint256[](reads.length * 3);
        for (uint256 i = 0; i < reads.length; i++) {
            (bool ok, bytes memory answer) = nft.staticcall{gas: 200_000}(reads[i]);
            if (!ok) continue;
            out[i * 3] = 1;
            out[i * 3 + 1] = answer.length >= 32 ? abi.decode(answer, (uint256)) : 0;
            out[i * 3 + 2] = uint256(keccak256(answer));
        }
    }

    /// The revert data minus its 4-byte selector: what abi.decode(bool, bool, uint256[]) reads.
    function _strip(bytes memory data) private pure returns (bytes memory body) {
        // Reuse the buffer: the new length word overlaps the old one and the selector, neither read again.
        assembly {
            body := add(data, 4)
            mstore(body, sub(mload(data), 4))
        }
    }
}

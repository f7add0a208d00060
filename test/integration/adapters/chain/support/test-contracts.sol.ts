import { REAL_PATTERN_SOURCES } from "./real-pattern-contracts.sol";

/**
 * Small contracts the adapter tests deploy on the embedded chain. OpenZeppelin for the token
 * standards (realistic ERC-165 answers and events), hand-written for the odd cases.
 */
export const TEST_CONTRACT_SOURCES: Record<string, string> = {
  ...REAL_PATTERN_SOURCES,
  "SmallToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
contract SmallToken is ERC20 {
  constructor(uint256 supply) ERC20("Small", "SML") { _mint(msg.sender, supply); }
}`,
  "SmallNft.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
contract SmallNft is ERC721 {
  constructor() ERC721("Small Nft", "SNFT") {}
  function mint(address to, uint256 id) external { _mint(to, id); }
}`,
  "SmallMulti.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
contract SmallMulti is ERC1155 {
  constructor() ERC1155("") {}
  function mint(address to, uint256 id, uint256 amount) external { _mint(to, id, amount, ""); }
  function mintBatch(address to, uint256[] calldata ids, uint256[] calldata amounts) external { _mintBatch(to, ids, amounts, ""); }
}`,
  "LegacyToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// Like MKR: name and symbol are bytes32, not string.
contract LegacyToken {
  bytes32 public name = "Maker";
  bytes32 public symbol = "MKR";
  uint8 public decimals = 18;
  uint256 public totalSupply = 1000;
  mapping(address => uint256) public balanceOf;
  constructor() { balanceOf[msg.sender] = 1000; }
}`,
  "Probe.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// Reverts, panics and reads that state overrides can change.
contract Probe {
  uint256 public stored = 7;
  function answer() external pure returns (uint256) { return 42; }
  function fails() external pure { revert("nope, not today"); }
  function panics(uint256 x) external pure returns (uint256) { return 10 / x; }
  function failsBare() external pure { revert(); }
  function callerBalance() external view returns (uint256) { return msg.sender.balance; }
  function codeSizeOf(address a) external view returns (uint256) { return a.code.length; }
}`,
  "PlainFactory.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// A factory that announces nothing: its children are only visible in traces.
contract Made { uint256 public one = 1; }
contract PlainFactory {
  Made public last;
  function make() external { last = new Made(); }
}`,
  "ForgedPairLog.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// Emits Uniswap V2's PairCreated naming any address: a creation claim that must not be believed.
contract ForgedPairLog {
  event PairCreated(address indexed token0, address indexed token1, address pair, uint256);
  function claim(address pair) external { emit PairCreated(address(1), address(2), pair, 1); }
}`,
  "BatchReserveNft.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
// The owner's reserve() mints a fixed batch of 25 (about 800k gas, more than one simulated attempt's first budget);
// anyone's mint(quantity) loops over the quantity, so a layout that puts an address there never ends.
contract BatchReserveNft is ERC721, Ownable {
  uint256 public totalSupply;
  constructor() ERC721("Batch Reserve", "BRN") Ownable(msg.sender) {}
  function mint(uint256 quantity) external { for (uint256 i = 0; i < quantity; i++) _mint(msg.sender, ++totalSupply); }
  function reserve() external onlyOwner { for (uint256 i = 0; i < 25; i++) _mint(msg.sender, ++totalSupply); }
  // An airdrop of one item to each address named: the owner's free mint that takes an array (real collections' giftMint).
  function giftMint(address[] calldata to) external onlyOwner {
    for (uint256 i = 0; i < to.length; i++) _mint(to[i], ++totalSupply);
  }
}`,
  "Inner.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// Called by Catcher: pays and logs, then reverts; or logs in its caller's name through DELEGATECALL.
contract Inner {
  event Inside();
  function payThenFail(address payable to) external payable { to.transfer(1); emit Inside(); revert("inner says no"); }
  function logHere() external payable { emit Inside(); }
}`,
  "Catcher.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {Inner} from "Inner.sol";
// A caught inner revert that paid and logged before failing, a payment that stands, and a log made through
// DELEGATECALL (emitted as the caller; payable, as a delegated call keeps msg.value): what a trace must drop, keep and attribute.
contract Catcher {
  event Before();
  event After();
  Inner public immutable inner;
  constructor(Inner i) { inner = i; }
  function run(address payable to) external payable {
    emit Before();
    try inner.payThenFail{value: 1}(to) {} catch {}
    to.transfer(2);
    (bool ok, ) = address(inner).delegatecall(abi.encodeCall(Inner.logHere, ()));
    require(ok, "delegatecall failed");
    emit After();
  }
}`,
};

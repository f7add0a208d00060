import { expect } from "chai";
import { scrubUrls } from "../../../src/application/scrub-urls";

describe("scrubUrls", () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ["GET https://rpc.example/v2/KEY: boom", "GET https://rpc.example/<redacted>: boom"],
    ['info={ "requestUrl": "https://rpc.example/v2/KEY" }', 'info={ "requestUrl": "https://rpc.example/<redacted>" }'],
    ["wss://user:KEY@node.io:8546", "wss://node.io:8546/<redacted>"],
    ["(see HTTP://h.io?apikey=KEY), then", "(see http://h.io/<redacted>), then"],
    ['{\\"url\\":\\"https://h.io/KEY\\"}', '{\\"url\\":\\"https://h.io/<redacted>\\"}'],
    ["http://127.0.0.1:8545 and http://127.0.0.1:8545/", "http://127.0.0.1:8545 and http://127.0.0.1:8545"],
    ["no url here", "no url here"],
  ];
  for (const [input, expected] of cases) {
    it(`${input} -> ${expected}`, () => {
      expect(scrubUrls(input)).to.equal(expected);
    });
  }
});

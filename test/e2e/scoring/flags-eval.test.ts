import { expect } from "chai";
import { runFlagsEval } from "../../../scripts/eval/flags.eval";

describe("flag quality on a small seeded corpus (npm run eval, one instance per variant)", function () {
  this.timeout(300_000);

  it("meets issue 17's targets: blocking recall >= 0.95, no blocking flag on a benign instance, honest thin confidence", async () => {
    const result = await runFlagsEval(17, 1);
    expect(result.report.instances.tokens).to.be.at.least(15);
    expect(result.report.instances.nfts).to.equal(8);
    for (const code of ["NFT_PRIVILEGED_MINT", "NFT_OPERATOR_BACKDOOR", "NFT_ANYONE_CAN_TAKE"]) {
      const quality = result.report.flags.find((f) => f.code === code);
      expect([quality?.precision, quality?.recall], `${code}\n${result.text}`).to.deep.equal([1, 1]);
    }
    expect(result.report.benignBlocked, result.text).to.deep.equal([]);
    for (const flag of result.report.flags.filter((f) => f.blocking))
      expect(flag.recall, result.text).to.be.at.least(0.95);
    expect(result.ok, result.text).to.equal(true);
  });
});

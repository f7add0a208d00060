import { expect } from "chai";
import { appWorld, type AppWorld } from "./support/app-world";
import { getJson } from "./support/http-client";
import { freshV1Payment } from "./support/oracle-payments";

describe("HTTP e2e: GET /api/stats", function () {
  this.timeout(120_000);
  let w: AppWorld;
  before(async () => {
    w = await appWorld();
  });

  it("counts a paid oracle call and the value it moved", async () => {
    const before = await getJson(`${w.url}/api/stats`);
    expect(before.status).to.equal(200);
    const path = `/api/oracle/${w.manifest.botWallet}`;
    const paid = await getJson(w.url + path, await freshV1Payment(w, path));
    expect(paid.status).to.equal(200);

    const after = await getJson(`${w.url}/api/stats`);
    expect(after.status).to.equal(200);
    expect(after.body.oracleQueries).to.be.a("number").at.least(1);
    expect(after.body.oracleQueries).to.equal((before.body.oracleQueries as number) + 1);
    expect(after.body.valueMoved)
      .to.be.a("string")
      .and.match(/^\d+(\.\d+)?$/);
    // 1000 atomic units of a 6-decimal stablecoin: 0.001 more than before.
    const moved = (text: string) => Math.round(Number(text) * 1e6);
    expect(moved(after.body.valueMoved as string)).to.equal(moved(before.body.valueMoved as string) + 1000);
  });
});

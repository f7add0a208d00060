import { expect } from "chai";
import { buildContainer, USE_CASES } from "../../../src/infrastructure/container";
import { detachedRuntime } from "../../support/http-harness";

describe("composition root", () => {
  it("resolves every use-case from the production container", () => {
    const container = buildContainer(detachedRuntime());
    for (const useCase of USE_CASES) expect(container.get(useCase)).to.be.instanceOf(useCase);
  });
});

import { expect } from "chai";
import { parseWrk } from "../../../scripts/bench/load-process";

// A report wrk 4.1 printed on this machine (`wrk --latency -t1 -c8 -d1s`) against a server answering every
// tenth request 404.
const REPORT = `Running 1s test @ http://127.0.0.1:18999/
  1 threads and 8 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     3.77ms    6.30ms  68.85ms   89.33%
    Req/Sec     4.91k     4.19k   12.78k    70.00%
  Latency Distribution
     50%    0.87ms
     75%    4.16ms
     90%   10.97ms
     99%   28.82ms
  4890 requests in 1.02s, 595.49KB read
  Non-2xx or 3xx responses: 489
Requests/sec:   4802.77
Transfer/sec:    584.87KB
`;

describe("bench: reading wrk's report", () => {
  it("takes requests, elapsed time, non-2xx answers and the latency percentiles", () => {
    expect(parseWrk(REPORT)).to.deep.equal({
      requests: 4890,
      non200: 489,
      seconds: 1.02,
      requestsPerSecond: 4794.12,
      p50Ms: 0.87,
      p99Ms: 28.82,
    });
  });

  it("counts socket errors as failed requests and converts microseconds", () => {
    const report = REPORT.replace("     50%    0.87ms", "     50%  870.00us").replace(
      "  Non-2xx or 3xx responses: 489\n",
      "  Socket errors: connect 0, read 3, write 0, timeout 2\n",
    );
    const figures = parseWrk(report);
    expect(figures.non200).to.equal(5);
    expect(figures.p50Ms).to.equal(0.87);
  });

  it("refuses a report without a request count rather than reading zero", () => {
    expect(() => parseWrk("unable to connect to 127.0.0.1:9 Connection refused")).to.throw(/unreadable wrk report/);
  });
});

// The command line's progress line never claims a run is done before it is: an estimated total is marked
// and gives no ETA once reached, and stopping a request's retry does not turn its failure into an abort.
import { describe, expect, it } from "vitest";
import { formatProgress } from "../../src/cli/progress-line";
import { addRequestOutcome } from "../../src/core/stats";
import { countPlannedRequests, emptyProgress, type RunProgress } from "../../src/core/run";
import { validateScenario } from "../../src/core/scenario";

function openLoopForTenSeconds() {
  const result = validateScenario({
    version: 1,
    name: "open loop",
    task: "chat-completion",
    targets: [{ id: "a", endpointUrl: "http://a.provider.test/v1", model: "m" }],
    inputs: ["x"],
    run: { load: { mode: "open", rate: 9.3, durationMs: 10_000 } },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

describe("the progress line", () => {
  it("marks an open loop's planned total, a guess from rate × duration, as an estimate", () => {
    const counts = countPlannedRequests(openLoopForTenSeconds(), 1);
    expect(counts).toEqual({ measured: 93, warmup: 0, estimated: true });
    const progress: RunProgress = { ...emptyProgress(counts), done: 40, inFlight: 9, elapsedMs: 4_000 };
    expect(formatProgress(progress)).toContain(" 40/≈93 · ");
    expect(formatProgress(progress)).toContain("ETA ≈5 s");
  });

  it("gives no ETA once the requests done reach an estimated total while the run goes on", () => {
    const progress: RunProgress = { ...emptyProgress({ measured: 93, warmup: 0, estimated: true }), done: 93, inFlight: 9, elapsedMs: 10_000 };
    const line = formatProgress(progress);
    expect(line).toContain(" 93/≈93 · ");
    expect(line).not.toContain("ETA");
  });

  it("keeps a failed request failed when its retry is cut short by Ctrl-C", () => {
    const progress = { ...emptyProgress({ measured: 36, warmup: 0 }), done: 35 };
    addRequestOutcome(progress.outcomes, { attempt: 1, status: "error", errorKind: "rate_limited" });
    expect(formatProgress(progress)).toContain("1 failed");
    addRequestOutcome(progress.outcomes, { attempt: 2, status: "error", errorKind: "aborted" });
    const line = formatProgress({ ...progress, done: 36 });
    expect(line).toContain("1 failed");
    expect(line).not.toContain("aborted");
  });
});

// A capacity search against the sandbox over loopback HTTP: the batched profile serves 2 at once for
// exactly 100 ms each (TTFT 5 ms); a third request in flight waits a whole turn. The search over
// concurrency finds 2 within one step, and a target that only fails is left after its first level. The
// answer is read back from the records alone, as the reports read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { runScenario } from "../../src/core/run";
import type { RequestRecord } from "../../src/core/record";
import { validateScenario, type Scenario } from "../../src/core/scenario";
import { capacityResults, type Stage } from "../../src/core/load";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

function capacityScenario(profiles: string[], run: Record<string, unknown>): Scenario {
  const validated = validateScenario({
    version: 1,
    name: "capacity",
    task: "chat-completion",
    targets: profiles.map((profile) => ({ id: profile, endpointUrl: `sandbox:/${profile}/v1`, model: "m" })),
    inputs: ["Say something."],
    parameters: { max_tokens: 4 },
    run,
  });
  if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
  return validated.scenario;
}

async function run(scenario: Scenario): Promise<{ records: RequestRecord[]; stages: Stage[] }> {
  const records: RequestRecord[] = [];
  const stages: Stage[] = [];
  await runScenario({ runId: "capacity", scenario, sandboxUrl: sandbox.url, onRecord: (record) => records.push(record), onStage: (stage) => stages.push(stage) });
  return { records, stages };
}

describe("a capacity search on the sandbox", () => {
  it("finds the batched profile's 2 at once within one step, its ramp stopped at the first failing level", async () => {
    // The median TTFT within 60 ms: 5 ms at 2 in flight; at 4 every request waits 100 ms (fails), at 3
    // every other one does (its median's interval straddles the limit: undecided, so not met). Warm-ups
    // at 2 in flight first: a cold first level (this process's first requests) can miss on that alone.
    const scenario = capacityScenario(["batched"], { stream: true, warmup: 6, concurrency: 2, load: { mode: "closed", durationMs: 600, findCapacity: { slo: "ttftMs.p50<=60", start: 2 } } });
    const { records, stages } = await run(scenario);

    const [batched] = capacityResults(records, scenario);
    const tried = batched!.trials.map((trial) => `${trial.level} ${trial.verdict} (p50 ${trial.objectives[0]!.value} ms)`).join(", ");
    expect([batched!.capacity, batched!.firstFailing?.level, batched!.stop], tried).toEqual([2, 3, "resolved"]);
    // The answer carries its interval: the median TTFT's, wholly within the limit.
    const ttft = batched!.atCapacity!.objectives[0]!;
    expect(ttft.verdict).toBe("meets");
    expect(ttft.ci95![1]).toBeLessThanOrEqual(60);
    // Goodput at capacity: the requests within 60 ms TTFT per second, near 2 at once for 100 ms (20/s).
    expect(batched!.atCapacity!.goodput).toBeGreaterThan(10);
    expect(batched!.atCapacity!.goodput).toBeLessThanOrEqual(batched!.atCapacity!.throughput!);
    // The ramp stopped at its first failing level (4): nothing above it was tried.
    expect(Math.max(...batched!.trials.map((trial) => trial.level))).toBe(4);
    // The replay saw the stages the runner ran, level for level.
    expect(stages.flatMap((stage) => (stage.load.mode === "closed" && stage.targetIds.includes("batched") ? [stage.load.perTarget] : []))).toEqual(batched!.trials.map((trial) => trial.level));
  });

  it("leaves a target whose level fails beyond maxErrorRate after that one level", async () => {
    const scenario = capacityScenario(["err503", "batched"], { load: { mode: "open", arrival: "constant", durationMs: 700, findCapacity: { slo: "latencyMs.p50<=1000", start: 10, max: 10 } } });
    const { records, stages } = await run(scenario);
    const [failing, batched] = capacityResults(records, scenario);
    expect([failing!.stop, failing!.capacity, failing!.trials.map((trial) => trial.level)]).toEqual(["errors", null, [10]]);
    expect(failing!.trials[0]!.failureRate).toBe(1);
    // The other target's search goes on without it (here to its max).
    expect(stages.filter((stage) => stage.targetIds.includes("err503"))).toHaveLength(1);
    expect([batched!.stop, batched!.capacity]).toEqual(["max-level", 10]);
  });
});

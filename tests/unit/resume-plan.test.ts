// Resuming a run: which planned requests are missing, and that the runner sends those and no others.
import { describe, expect, it } from "vitest";
import type { RequestRecord } from "../../src/core/record";
import { ResumeLedger, requestKey, resumeRefusal, supersededAbort, type ResumePlan, planRequests, runScenario } from "../../src/core/run";
import { type Scenario, validateScenario } from "../../src/core/scenario";
import { requestRecord } from "./request-record";

function scenario(run: Record<string, unknown> = {}): Scenario {
  const result = validateScenario({
    version: 1,
    name: "resume",
    task: "chat-completion",
    targets: [
      { id: "a", endpointUrl: "http://a.provider.test/v1", model: "m" },
      { id: "b", endpointUrl: "http://b.provider.test/v1", model: "m" },
    ],
    inputs: ["x", "y", "z"],
    run: { repetitions: 2, warmup: 1, concurrency: 2, ...run },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

function planFrom(spec: Scenario, records: RequestRecord[]): ResumePlan {
  const ledger = new ResumeLedger(spec, 3);
  for (const record of records) expect(ledger.add(record)).toBeNull();
  return ledger.plan()!;
}

/** A fetch answering every chat request with a tiny JSON completion, remembering who was asked what. */
function countingFetch() {
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = JSON.parse(String(init?.body)) as { messages: { content: string }[] };
    sent.push(`${url.hostname.split(".")[0]}:${body.messages.at(-1)!.content}`);
    return new Response(JSON.stringify({ id: "1", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }), {
      headers: { "content-type": "application/json" },
    });
  };
  return { fetch, sent };
}

describe("the resume plan", () => {
  it("counts a succeeded or failed request as done and an aborted one as missing", () => {
    const spec = scenario();
    const plan = planFrom(spec, [
      requestRecord({ targetId: "a", inputIndex: 0, repetition: 0, warmup: true }),
      requestRecord({ targetId: "a", inputIndex: 0, repetition: 0 }),
      requestRecord({ targetId: "b", inputIndex: 0, repetition: 0, status: "error", errorKind: "http_5xx" }),
      requestRecord({ targetId: "a", inputIndex: 1, repetition: 0, status: "error", errorKind: "aborted" }),
    ]);
    expect(plan.runId).toBe("run-1");
    expect(plan.done.has(requestKey({ targetId: "a", inputIndex: 0, repetition: 0, warmup: false }))).toBe(true);
    expect(plan.done.has(requestKey({ targetId: "b", inputIndex: 0, repetition: 0, warmup: false }))).toBe(true);
    expect(plan.done.has(requestKey({ targetId: "a", inputIndex: 1, repetition: 0, warmup: false }))).toBe(false);
    // 2 targets × 3 inputs × 2 repetitions = 12 measured, 2 of them done; 2 warm-ups, 1 done.
    expect(plan.remaining).toEqual({ measured: 10, warmup: 1 });
  });

  it("supersedes only the aborted records whose request is sent again", () => {
    const spec = scenario();
    const abortedAlone = requestRecord({ inputIndex: 1, status: "error", errorKind: "aborted" });
    const failedFirst = requestRecord({ inputIndex: 2, status: "error", errorKind: "http_5xx" });
    const abortedRetry = requestRecord({ inputIndex: 2, attempt: 2, status: "error", errorKind: "aborted" });
    const plan = planFrom(spec, [abortedAlone, failedFirst, abortedRetry]);
    expect(supersededAbort(plan, abortedAlone)).toBe(true);
    expect(supersededAbort(plan, abortedRetry)).toBe(false);
    expect(supersededAbort(plan, failedFirst)).toBe(false);
  });

  it("names the field of a record that does not belong to the scenario", () => {
    const ledger = new ResumeLedger(scenario(), 3);
    expect(ledger.add(requestRecord({ targetId: "c" }))).toMatch(/^targetId: "c" is not a target/);
    expect(ledger.add(requestRecord({ inputIndex: 3 }))).toMatch(/^inputIndex: 3 is past the scenario's 3 inputs/);
    expect(ledger.add(requestRecord({ repetition: 2 }))).toMatch(/^repetition: 2 is past/);
    expect(ledger.add(requestRecord({ runId: "other" }))).toMatch(/^runId: "other" is another run/);
  });

  it("has no plan without records, and refuses a run with a load model", () => {
    expect(new ResumeLedger(scenario(), 3).plan()).toBeNull();
    expect(resumeRefusal(scenario())).toBeNull();
    expect(resumeRefusal(scenario({ load: { mode: "open", rate: 5, requests: 4 } }))).toMatch(/^run\.load: /);
  });
});

describe("the runner resuming", () => {
  it("sends exactly the missing requests, warm-ups included, under the same run id", async () => {
    const spec = scenario();
    const all = [...planRequests(spec, 3)];
    // Every other planned request done; the first warm-up done, the second not.
    const doneRecords = all.filter((_, index) => index % 2 === 0).map((planned) => requestRecord({ ...planned, runId: "old-run" }));
    const plan = planFrom(spec, doneRecords);
    const missing = all.filter((_, index) => index % 2 === 1);
    const { fetch, sent } = countingFetch();
    const records: RequestRecord[] = [];
    const result = await runScenario({ runId: "old-run", scenario: spec, fetch, resume: plan, onRecord: (record) => records.push(record) });
    const prompts = ["x", "y", "z"];
    expect(sent.sort()).toEqual(missing.map((planned) => `${planned.targetId}:${prompts[planned.inputIndex]}`).sort());
    expect(records.map((record) => requestKey(record)).sort()).toEqual(missing.map(requestKey).sort());
    expect(records.every((record) => record.runId === "old-run")).toBe(true);
    expect(result.progress.planned).toBe(missing.length);
    expect(result.progress.done).toBe(missing.length);
  });

  it("sends nothing when every request is done", async () => {
    const spec = scenario();
    const plan = planFrom(spec, [...planRequests(spec, 3)].map((planned) => requestRecord(planned)));
    const { fetch, sent } = countingFetch();
    const result = await runScenario({ runId: "run-1", scenario: spec, fetch, resume: plan, onRecord: () => undefined });
    expect(sent).toEqual([]);
    expect(result.status).toBe("completed");
  });

  it("refuses to resume a run with a load model", async () => {
    const spec = scenario({ load: { mode: "closed", requests: 2 } });
    const plan: ResumePlan = { runId: "r", done: new Set(), remaining: { measured: 1, warmup: 0 } };
    await expect(runScenario({ runId: "r", scenario: spec, fetch: countingFetch().fetch, resume: plan, onRecord: () => undefined })).rejects.toThrow(/cannot be resumed/);
  });
});

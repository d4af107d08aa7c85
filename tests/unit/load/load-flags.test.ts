// The CLI's load flags: parsed, merged over the scenario file's run.load, and validated with it.
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../../src/cli/args";
import { checkScenario } from "../../../src/cli/scenario-check";
import { parseDuration } from "../../../src/cli/load-flags";

const FILE = JSON.stringify({
  version: 1,
  name: "flags",
  task: "chat-completion",
  targets: [{ id: "a", endpointUrl: "http://127.0.0.1:9/v1", model: "m" }],
  inputs: ["x"],
  run: { load: { mode: "open", rate: 3, durationMs: 5000, maxInFlight: 2 } },
});

function run(...flags: string[]) {
  const parsed = parseCommandLine(["run", "s.json", ...flags], {});
  if (parsed.kind !== "run") throw new Error(parsed.kind === "error" ? parsed.message : parsed.kind);
  return checkScenario(FILE, { concurrency: undefined, repetitions: undefined, load: parsed.command.load });
}

describe("load flags", () => {
  it("override the file's open loop field by field", () => {
    const check = run("--rate", "7.5", "--arrival", "gamma", "--burstiness", "0.5", "--requests", "40", "--max-queue", "3");
    expect(check.kind === "ok" && check.scenario.run.load).toMatchObject({ mode: "open", rate: 7.5, arrival: "gamma", burstiness: 0.5, requests: 40, maxInFlight: 2, maxQueue: 3 });
    // --requests replaces the file's duration (both would be refused).
    expect(check.kind === "ok" && check.scenario.run.load?.durationMs).toBeUndefined();
  });

  it("switch to a closed loop for a concurrency sweep, keeping only the stage size from the file", () => {
    const check = run("--sweep", "concurrency=1,2,4");
    expect(check.kind === "ok" && check.scenario.run.load).toMatchObject({ mode: "closed", durationMs: 5000, sweep: { over: "concurrency", levels: [1, 2, 4] } });
  });

  it("take a rate sweep and an auto sweep in place of the file's rate", () => {
    const rates = run("--sweep", "rate=1,2,5", "--duration", "2s");
    expect(rates.kind === "ok" && rates.scenario.run.load).toMatchObject({ mode: "open", durationMs: 2000, sweep: { over: "rate", levels: [1, 2, 5] } });
    expect(rates.kind === "ok" && rates.scenario.run.load && "rate" in rates.scenario.run.load && rates.scenario.run.load.rate).toBeFalsy();
    const auto = run("--sweep", "auto=6");
    expect(auto.kind === "ok" && auto.scenario.run.load?.sweep).toEqual({ over: "auto", rates: 6 });
  });

  it("refuse what is not a number or a known form, naming the flag", () => {
    expect(parseCommandLine(["run", "s.json", "--rate", "fast"], {})).toEqual({ kind: "error", message: '--rate must be a number, got "fast"' });
    expect(parseCommandLine(["run", "s.json", "--duration", "30"], {})).toEqual({ kind: "error", message: '--duration must be a time such as 30s, 500ms or 2m, got "30"' });
    expect(parseCommandLine(["run", "s.json", "--sweep", "users=1,2"], {})).toEqual({ kind: "error", message: '--sweep must be concurrency=<levels>, rate=<levels>, auto or reasoning_effort=<levels>, got "users=1,2"' });
    expect(parseCommandLine(["analyze", "r.jsonl", "--rate", "2"], {})).toEqual({ kind: "error", message: "--rate is an option of run, not of analyze" });
  });

  it("refuse a value out of range with the scenario's own error, naming run.load's field", () => {
    expect(run("--rate=-2")).toEqual({ kind: "invalid-overrides", errors: [{ path: "run.load.rate", message: "must be positive" }] });
    expect(run("--arrival", "uniform").kind).toBe("invalid-overrides");
    expect(run("--burstiness", "2")).toEqual({ kind: "invalid-overrides", errors: [{ path: "run.load.burstiness", message: 'only gamma arrivals have a burstiness: set arrival "gamma"' }] });
  });

  it("read durations in ms, s and m", () => {
    expect([parseDuration("500ms"), parseDuration("30s"), parseDuration("1.5s"), parseDuration("2m"), parseDuration("-1s")]).toEqual([500, 30_000, 1500, 120_000, null]);
  });
});

// @vitest-environment node
// The dashboard's run controller replays a trace: the person's own trace file, stored in this browser's
// blobs table and named by its hash in inputs.trace.file, sent at its times to two sandbox targets, each
// record keeping its hash ids and its scheduled send.
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateScenario } from "../../src/core/scenario";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { putInputFile } from "../../src/store/blobs";
import { ProviderBenchDb } from "../../src/store/db";
import { recordsOfRun } from "../../src/store/queries";
import { createRunController } from "../../src/session/run-controller";

let sandbox: Sandbox;
let db: ProviderBenchDb;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.05 });
  db = new ProviderBenchDb(`trace-${crypto.randomUUID()}`);
});
afterAll(async () => {
  await db.delete();
  await sandbox.close();
});

const TRACE = ['{"timestamp": 0, "input_length": 30, "output_length": 5, "hash_ids": [1]}', '{"timestamp": 400, "input_length": 40, "output_length": 6, "hash_ids": [1, 2]}', '{"timestamp": 1000, "input_length": 20, "output_length": 4, "hash_ids": [3]}'].join("\n");

describe("a trace replayed from the dashboard", () => {
  it("reads the person's stored trace and sends it at its times", async () => {
    const stored = await putInputFile(db, new TextEncoder().encode(TRACE), "mine.jsonl", "application/jsonl");
    const checked = validateScenario({
      version: 1,
      name: "my trace",
      task: "chat-completion",
      targets: ["fast", "steady"].map((profile) => ({ id: profile, endpointUrl: `sandbox:/${profile}/v1`, model: "m" })),
      inputs: { trace: { file: stored.file, speedup: 2, blockSize: 16 } },
    });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const controller = createRunController({
      db,
      loadMachinery: () => import("../../src/session/run-machinery"),
      readAccessToken: () => null,
      resolveSandboxUrl: () => sandbox.url,
      readInputFile: (path) => Promise.reject(new Error(`file not found: ${path}`)),
      appVersion: "test",
      libraryVersions: {},
      userAgent: "vitest",
      publishIntervalMs: 20,
    });
    const snapshot = await controller.start({ scenario: checked.scenario, scenarioId: null });
    expect(snapshot.status).toBe("completed");
    const records = await recordsOfRun(db, snapshot.runId!);
    expect(records).toHaveLength(6);
    for (const record of records) expect(record.status, record.errorMessage ?? "").toBe("ok");
    const origin = Math.min(...records.map((record) => record.scheduledAt!));
    const byInput = (index: number) => records.filter((record) => record.inputIndex === index);
    // 0, 400 and 1000 ms of trace at twice the speed, to the millisecond a record keeps.
    [0, 200, 500].forEach((atMs, index) => {
      expect(byInput(index)).toHaveLength(2);
      for (const record of byInput(index)) expect(Math.abs(record.scheduledAt! - origin - atMs)).toBeLessThanOrEqual(1);
    });
    expect(byInput(1).map((record) => [record.traceHashIds, record.requestedOutputTokens])).toEqual([
      [[1, 2], 6],
      [[1, 2], 6],
    ]);
  });
});

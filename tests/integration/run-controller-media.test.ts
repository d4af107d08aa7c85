// @vitest-environment node
// The dashboard's run controller with images and audio, against the real sandbox: a bundled asset and a
// person's own WAV (put in the blobs table) are sent, and generated images land in the blobs table.
import "fake-indexeddb/auto";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { validateScenario } from "../../src/core/scenario";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { synthesizeSpeech } from "../../src/sandbox/media";
import { putInputFile } from "../../src/store/blobs";
import { ProviderBenchDb } from "../../src/store/db";
import { recordsOfRun } from "../../src/store/queries";
import { createRunController } from "../../src/session/run-controller";
import { SMALL_PNG_BYTES, startHostileServer, type HostileServer } from "../hostile/hostile-server";

let sandbox: Sandbox;
const databases: ProviderBenchDb[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.05 });
});
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});
afterAll(async () => {
  await sandbox.close();
});

const assets = new URL("../../scenarios/", import.meta.url);

function controllerWith(db: ProviderBenchDb) {
  return createRunController({
    db,
    loadMachinery: () => import("../../src/session/run-machinery"),
    readAccessToken: () => null,
    resolveSandboxUrl: () => sandbox.url,
    readInputFile: (path) => Promise.resolve(new Blob([readFileSync(new URL(path, assets))], { type: "audio/wav" })),
    appVersion: "test",
    libraryVersions: {},
    userAgent: "vitest",
    publishIntervalMs: 20,
  });
}

function scenarioOf(task: string, inputs: unknown[]) {
  const result = validateScenario({
    version: 1,
    name: `${task} in the browser`,
    task,
    targets: ["fast", "slow"].map((profile) => ({ id: profile, endpointUrl: `sandbox:/${profile}/v1`, model: "m" })),
    inputs,
    run: { repetitions: 1, warmup: 0, concurrency: 4 },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.scenario;
}

describe("run controller with images and audio", () => {
  it("sends a bundled recording and a person's own WAV from the blobs table, and records their seconds", async () => {
    const db = new ProviderBenchDb(`media-${crypto.randomUUID()}`);
    databases.push(db);
    const own = await putInputFile(db, new Uint8Array(synthesizeSpeech("my own voice says hello", 0.3)), "mine.wav", "audio/wav");
    const snapshot = await controllerWith(db).start({ scenario: scenarioOf("automatic-speech-recognition", [{ file: "assets/weather.wav" }, { file: own.file }]), scenarioId: null });
    expect(snapshot.status).toBe("completed");
    const records = await recordsOfRun(db, snapshot.runId!);
    expect(records).toHaveLength(4);
    for (const record of records) expect(record.status, record.errorMessage ?? "").toBe("ok");
    expect(records.filter((record) => record.inputIndex === 1).every((record) => (record.inputAudioSeconds ?? 0) > 1)).toBe(true);
    expect(records.find((record) => record.inputIndex === 1 && record.targetId === "slow")?.output).toContain("voice");
  });

  it("keeps generated images in the blobs table, held by the run", async () => {
    const db = new ProviderBenchDb(`media-${crypto.randomUUID()}`);
    databases.push(db);
    const snapshot = await controllerWith(db).start({ scenario: scenarioOf("text-to-image", ["a red fox in the snow"]), scenarioId: null });
    const records = await recordsOfRun(db, snapshot.runId!);
    expect(records).toHaveLength(2);
    for (const record of records) {
      const ref = (record as typeof record & { outputValue: { blob: string } }).outputValue;
      const stored = await db.blobs.get(ref.blob);
      expect(stored?.runIds).toEqual([snapshot.runId]);
      expect(stored?.mimeType).toBe("image/png");
    }
  });

  // The dashboard sends through the page's fetch: an answer's URL meets the same rule as on the command line.
  describe("an image answer that points elsewhere", () => {
    let provider: HostileServer;
    let elsewhere: HostileServer;
    beforeAll(async () => {
      [provider, elsewhere] = await Promise.all([startHostileServer(), startHostileServer()]);
    });
    afterAll(async () => {
      await Promise.all([provider.close(), elsewhere.close()]);
    });

    const imageUrlScenario = (imageUrl: string) => {
      const result = validateScenario({
        version: 1,
        name: "image url",
        task: "text-to-image",
        targets: [{ id: "image-url", endpointUrl: provider.endpoint("image-url"), model: "m" }],
        inputs: ["a red fox"],
        parameters: { image_url: imageUrl },
        run: { repetitions: 1, warmup: 0, timeoutMs: 10_000, maxResponseBytes: 64 * 1024 },
      });
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      return result.scenario;
    };

    it("is refused unfetched when the URL is on another origin, and nothing is stored", async () => {
      const db = new ProviderBenchDb(`media-${crypto.randomUUID()}`);
      databases.push(db);
      const snapshot = await controllerWith(db).start({ scenario: imageUrlScenario(elsewhere.fileUrl("endless.png")), scenarioId: null });
      const records = await recordsOfRun(db, snapshot.runId!);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ status: "error", errorKind: "bad_response" });
      expect(records[0]!.errorMessage).toContain(`add "${elsewhere.url}" to the target's answerUrlOrigins`);
      expect(elsewhere.fileRequests).toEqual([]);
      expect(await db.blobs.count()).toBe(0);
    });

    it("reads a URL on the target's own origin within run.maxResponseBytes", async () => {
      const db = new ProviderBenchDb(`media-${crypto.randomUUID()}`);
      databases.push(db);
      const small = await controllerWith(db).start({ scenario: imageUrlScenario(provider.fileUrl("small.png")), scenarioId: null });
      expect((await recordsOfRun(db, small.runId!))[0]).toMatchObject({ status: "ok", outputValue: { mime: "image/png", bytes: SMALL_PNG_BYTES.length } });
      const endless = await controllerWith(db).start({ scenario: imageUrlScenario(provider.fileUrl("endless.png")), scenarioId: null });
      const [record] = await recordsOfRun(db, endless.runId!);
      expect(record).toMatchObject({ status: "error", errorKind: "bad_response" });
      expect(record!.errorMessage).toContain("64 KiB (run.maxResponseBytes)");
    });
  });
});

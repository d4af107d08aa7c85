// @vitest-environment happy-dom
// The dashboard's endpoint keys end to end below the page: a key saved in Settings for endpoint A's origin
// reaches A (and only A) when the run controller runs, and is redacted from the stored records.
import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { validateScenario } from "../../src/core/scenario";
import { createRunController } from "../../src/session/run-controller";
import { ProviderBenchDb } from "../../src/store/db";
import { recordsOfRun } from "../../src/store/queries";
import { readEndpointKeys, removeEndpointKey, saveEndpointKey } from "../../src/ui/lib/settings-storage";
import { startEchoServer, type EchoServer } from "../mocks/echo-server";

const KEY = "sk-browser-endpoint-key-0123456789";
let a: EchoServer;
let b: EchoServer;
let db: ProviderBenchDb;

beforeAll(async () => {
  a = await startEchoServer();
  b = await startEchoServer();
  db = new ProviderBenchDb(`keys-${crypto.randomUUID()}`);
});
afterEach(() => localStorage.clear());
afterAll(async () => {
  await db.delete();
  await a.close();
  await b.close();
});

describe("endpoint keys from Settings", () => {
  it("are kept per origin, and each reaches only its own endpoint, redacted from the records", async () => {
    saveEndpointKey(new URL(a.url).origin, `  ${KEY} `);
    saveEndpointKey("http://127.0.0.1:1", "sk-other-origin-key-000000");
    removeEndpointKey("http://127.0.0.1:1");
    expect(readEndpointKeys()).toEqual({ [new URL(a.url).origin]: KEY });

    const validated = validateScenario({
      version: 1,
      name: "keys",
      task: "chat-completion",
      targets: [
        { id: "a", endpointUrl: `${a.url}/v1`, model: "m" },
        { id: "b", endpointUrl: `${b.url}/v1`, model: "m" },
      ],
      inputs: ["Hello"],
    });
    if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
    const controller = createRunController({
      db,
      loadMachinery: () => import("../../src/session/run-machinery"),
      readAccessToken: () => "hf_SENTINEL_browser_token_0000000",
      readEndpointKeys,
      resolveSandboxUrl: () => "http://127.0.0.1:9",
      appVersion: "test",
      libraryVersions: {},
      userAgent: "vitest",
      publishIntervalMs: 20,
    });
    const final = await controller.start({ scenario: validated.scenario, scenarioId: "test" });
    expect(final.status).toBe("completed");
    expect(a.arrived.filter((request) => request.method === "POST").map((request) => request.headers.authorization)).toEqual([`Bearer ${KEY}`]);
    expect(b.arrived.filter((request) => request.method === "POST").map((request) => request.headers.authorization)).toEqual([undefined]);
    const stored = await recordsOfRun(db, final.runId!);
    expect(stored.map((record) => record.output).sort()).toEqual(["authorization=(none)", "authorization=Bearer [redacted]"]);
    expect(JSON.stringify(stored)).not.toContain(KEY);
  });

  it("stops before anything is sent when a target names a key and Settings holds none for its origin", async () => {
    const validated = validateScenario({
      version: 1,
      name: "keyless",
      task: "chat-completion",
      targets: [{ id: "vllm", endpointUrl: `${b.url}/v1`, model: "m", apiKeyEnv: "VLLM_KEY" }],
      inputs: ["Hello"],
    });
    if (!validated.ok) throw new Error(JSON.stringify(validated.errors));
    b.arrived.length = 0;
    const controller = createRunController({
      db,
      loadMachinery: () => import("../../src/session/run-machinery"),
      readAccessToken: () => null,
      readEndpointKeys,
      resolveSandboxUrl: () => "http://127.0.0.1:9",
      appVersion: "test",
      libraryVersions: {},
      userAgent: "vitest",
    });
    const final = await controller.start({ scenario: validated.scenario, scenarioId: "test" });
    expect(final.problem).toEqual({
      kind: "key-missing",
      message: `targets[0] (vllm) needs a key (--key vllm=VLLM_KEY on the command line): save one for ${new URL(b.url).origin} in Settings.`,
    });
    expect(b.arrived).toEqual([]);
  });
});

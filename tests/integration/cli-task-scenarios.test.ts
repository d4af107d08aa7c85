// The bundled task scenarios from a fresh start: the command line, as a separate process, runs each one
// against the sandbox on an ephemeral port; every request succeeds and each record holds its task's shape.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliProcess, type CliResult } from "./cli-process";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import type { RequestRecord } from "../../src/core/record";
import { EXIT_BAD_INPUT } from "../../src/cli/exit-codes";

const repoRoot = new URL("../../", import.meta.url).pathname;

let sandbox: Sandbox;
let workDir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.05 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-task-scenarios-"));
});
afterAll(async () => {
  await sandbox.close();
});

const runCli = (args: string[]): Promise<CliResult> => runCliProcess(args, { PROVIDERBENCH_SANDBOX_URL: sandbox.url });

type Shape = (value: unknown, record: RequestRecord) => boolean;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const labels: Shape = (value) => Array.isArray(value) && value.length > 0 && value.every((item) => isObject(item) && typeof item.label === "string" && typeof item.score === "number");

/** Each bundled task scenario and what every one of its records' outputValue must look like. */
const SCENARIOS: Record<string, Shape> = {
  // A transcript is text: the record's output (outputValue keeps timestamped chunks, when sent).
  "sandbox-speech-recognition.json": (_value, record) => typeof record.output === "string" && record.output.split(" ").length > 5,
  "sandbox-text-to-image.json": (value) => isObject(value) && /^[0-9a-f]{64}$/.test(String(value.blob)) && value.mime === "image/png" && Number(value.bytes) > 0,
  "sandbox-image-classification.json": labels,
  "sandbox-object-detection.json": (value) => Array.isArray(value) && value.length > 0 && value.every((item) => isObject(item) && typeof item.label === "string" && isObject(item.box) && typeof item.box.xmin === "number"),
  "sandbox-text-classification.json": labels,
  "sandbox-token-classification.json": (value) =>
    Array.isArray(value) && value.length > 0 && value.every((item) => isObject(item) && typeof item.entity_group === "string" && typeof item.start === "number" && typeof item.end === "number"),
  "sandbox-question-answering.json": (value) => isObject(value) && typeof value.answer === "string" && value.answer !== "" && typeof value.start === "number",
  "sandbox-translation.json": (value, record) => typeof record.output === "string" && record.output.length > 0 && value !== undefined,
  "sandbox-zero-shot-classification.json": labels,
  "sandbox-sentence-similarity.json": (value) => Array.isArray(value) && value.length === 3 && value.every((score) => typeof score === "number" && score >= 0 && score <= 1),
};

/** The summary table's column headers, from the CLI's stdout (its first line starts with "target"). */
function summaryHeader(stdout: string): string[] {
  const line = stdout.split("\n").find((candidate) => candidate.startsWith("target"));
  if (line === undefined) throw new Error(`no summary table in:\n${stdout}`);
  return line.trim().split(/\s{2,}/);
}

/** Default columns a bare run of these scenarios (no stream, price, check, SLO or open loop) cannot fill. */
const UNMEASURED_HEADERS = [/^TTFT/, /^Cost/, /^Run cost/, /^Pass rate/, /^SLO/, /^Goodput/, /^Dropped/];

describe("bundled task scenarios against the sandbox", () => {
  for (const [file, shape] of Object.entries(SCENARIOS)) {
    it(`${file}: every request ok, three targets, outputs in the task's shape`, async () => {
      const jsonl = join(workDir, `${file}.jsonl`);
      const outputsDir = join(workDir, `${file}-outputs`);
      const result = await runCli(["run", `scenarios/${file}`, "--jsonl", jsonl, "--outputs-dir", outputsDir, "--quiet"]);
      expect(result.stderr + result.stdout).not.toMatch(/error:/);
      expect(result.code).toBe(0);
      const records = readFileSync(jsonl, "utf8").trim().split("\n").map((line) => JSON.parse(line) as RequestRecord & { outputValue?: unknown });
      const scenario = JSON.parse(readFileSync(join(repoRoot, "scenarios", file), "utf8")) as { inputs: unknown[]; run: { repetitions: number; warmup: number } };
      expect(new Set(records.map((record) => record.targetId))).toEqual(new Set(["fast", "steady", "slow"]));
      expect(records.filter((record) => !record.warmup)).toHaveLength(3 * scenario.inputs.length * scenario.run.repetitions);
      for (const record of records) {
        expect(record.status, `${record.targetId} input ${record.inputIndex}: ${record.errorMessage}`).toBe("ok");
        expect(shape(record.outputValue, record), `${record.targetId} input ${record.inputIndex}: ${JSON.stringify(record.outputValue).slice(0, 200)}`).toBe(true);
      }
      // What the per-audio-second and per-image figures rest on, read from the files' headers.
      // The table printed at the end leads with what the task measures, and has no column it cannot fill.
      const header = summaryHeader(result.stdout);
      for (const unmeasured of UNMEASURED_HEADERS) expect(header.filter((column) => unmeasured.test(column)), String(unmeasured)).toEqual([]);
      if (file === "sandbox-speech-recognition.json") {
        for (const record of records) expect(record.inputAudioSeconds).toBeGreaterThan(4);
        expect(records.find((record) => record.inputIndex === 0)?.inputAudioSeconds).toBeCloseTo(17 * 0.3, 5);
        expect(header).toEqual(expect.arrayContaining(["RTF p50", "Audio s/s p50 audio s/s"]));
        expect(header.filter((column) => column.startsWith("Output "))).toEqual([]);
      }
      if (file === "sandbox-text-to-image.json") {
        expect(header).toContain("Per image p50 ms");
        expect(header.filter((column) => column.startsWith("Output "))).toEqual([]);
        for (const record of records) expect(record.outputImages).toBe(1);
        // Every image a record names is in --outputs-dir under its hash.
        for (const record of records) {
          const ref = record.outputValue as { blob: string };
          expect(existsSync(join(outputsDir, `${ref.blob}.png`))).toBe(true);
        }
      }
    });
  }

  it("carries a text-to-image run's small images in its --bundle, each once, bytes inline", async () => {
    const bundlePath = join(workDir, "images.pbrun.json.gz");
    const result = await runCli(["run", "scenarios/sandbox-text-to-image.json", "--bundle", bundlePath, "--quiet"]);
    expect(result.code, result.stderr).toBe(0);
    const bundle = JSON.parse(gunzipSync(readFileSync(bundlePath)).toString("utf8")) as {
      records: { outputValue: { blob: string; bytes: number } }[];
      tail: { blobs: { id: string; mimeType: string; sizeBytes: number; base64: string | null }[] };
    };
    const named = new Set(bundle.records.map((record) => record.outputValue.blob));
    expect(new Set(bundle.tail.blobs.map((blob) => blob.id))).toEqual(named);
    expect(bundle.tail.blobs).toHaveLength(named.size);
    for (const blob of bundle.tail.blobs) {
      expect(blob.mimeType).toBe("image/png");
      const bytes = Buffer.from(blob.base64!, "base64");
      expect(bytes.length).toBe(blob.sizeBytes);
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(blob.id);
    }
  });

  it("refuses a scenario whose input file is missing or outside its folder, naming the input, before sending", async () => {
    const folder = mkdtempSync(join(workDir, "bad-"));
    writeFileSync(
      join(folder, "asr.json"),
      JSON.stringify({
        version: 1,
        name: "missing file",
        task: "automatic-speech-recognition",
        targets: [{ id: "fast", endpointUrl: "sandbox:/fast/v1", model: "m" }],
        inputs: [{ file: "assets/none.wav" }, { file: "../outside.wav" }],
      }),
    );
    const result = await runCli(["run", join(folder, "asr.json"), "--quiet"]);
    expect(result.code).toBe(EXIT_BAD_INPUT);
    expect(result.stderr).toContain("inputs[0]: file not found: assets/none.wav");
    expect(result.stderr).toContain("inputs[1]: file must stay inside the scenario's folder: ../outside.wav");
    expect(readdirSync(folder)).toEqual(["asr.json"]);
  });
});

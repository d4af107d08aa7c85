// Hostile scenario files through the command line: routing keys in parameters are refused before any
// request, a token a server echoes back is written nowhere, and text from the file reaches the terminal
// with its control characters made visible.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, afterEach, describe, expect, it } from "vitest";
import { runCliProcess, type CliResult } from "./cli-process";
import { startEchoServer, type EchoServer } from "../mocks/echo-server";

const TOKEN = "hf_SENTINEL_cli_hostile_token_0123456789";
const MODEL = "meta-llama/Llama-3.1-8B-Instruct";

let echo: EchoServer;
let workDir: string;
beforeAll(async () => {
  echo = await startEchoServer();
  workDir = mkdtempSync(join(tmpdir(), "providerbench-cli-hostile-"));
});
afterEach(() => {
  echo.arrived.length = 0;
});
afterAll(async () => {
  await echo.close();
});

/** The CLI with Hugging Face's hosts answered by an echoing router loaded into its process. */
function runCli(args: string[]): Promise<CliResult> {
  return runCliProcess(args, { HF_TOKEN: TOKEN }, { preload: ["./tests/mocks/hf-echo-router-preload.ts"] });
}

function scenarioFile(name: string, spec: Record<string, unknown>): string {
  const path = join(workDir, `${name}.json`);
  writeFileSync(path, JSON.stringify({ version: 1, name, task: "chat-completion", inputs: ["Hello"], ...spec }));
  return path;
}

describe("providerbench run with a hostile scenario", () => {
  it("refuses routing keys in parameters by their path, exits 2 and sends nothing", async () => {
    const path = scenarioFile("steal", {
      targets: [{ id: "groq", provider: "groq", model: MODEL }],
      parameters: { provider: null, endpointUrl: `${echo.url}/v1`, accessToken: "x", model: "y", stream: true },
    });
    const result = await runCli(["run", path, "--jsonl", join(workDir, "steal.jsonl")]);
    expect(result.code).toBe(2);
    for (const key of ["provider", "endpointUrl", "accessToken", "model", "stream"]) {
      expect(result.stderr).toContain(`parameters.${key}: not a request parameter: ${key}`);
    }
    expect(echo.arrived).toEqual([]);
  });

  it("never writes the token a provider echoes back, and never sends it to an endpoint", async () => {
    const path = scenarioFile("echoes", {
      targets: [
        { id: "groq", provider: "groq", model: MODEL },
        { id: "together", provider: "together", model: MODEL },
        { id: "local", endpointUrl: `${echo.url}/v1`, model: "m" },
      ],
      run: { stream: true },
    });
    const files = { jsonl: join(workDir, "echoes.jsonl"), csv: join(workDir, "echoes.csv"), summary: join(workDir, "echoes-summary.json") };
    const result = await runCli(["run", path, "--jsonl", files.jsonl, "--csv", files.csv, "--summary", files.summary]);
    expect(result.code, result.stderr).toBe(0);
    const jsonl = readFileSync(files.jsonl, "utf8");
    const records = jsonl.trimEnd().split("\n").map((line) => JSON.parse(line) as { targetId: string; output: string | null; errorMessage: string | null });
    // The router echoed the token into the answer and the error text: both are in the files redacted.
    expect(records.find((record) => record.targetId === "groq")!.output).toBe("echo authorization=Bearer [redacted]");
    expect(records.find((record) => record.targetId === "together")!.errorMessage).toContain("Authorization header: Bearer [redacted]");
    expect(records.find((record) => record.targetId === "local")!.output).toBe("authorization=(none)");
    for (const text of [jsonl, readFileSync(files.csv, "utf8"), readFileSync(files.summary, "utf8"), result.stdout, result.stderr]) {
      expect(text).not.toContain(TOKEN);
    }
    expect(echo.arrived).toHaveLength(1);
    expect(echo.arrived[0]!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(echo.arrived)).not.toContain(TOKEN);
  });

  it("shows a scenario name's escape sequences as visible text, never raw on the terminal", async () => {
    const name = "evil\u001b[2J\u001b]0;pwned\u0007\rname\u009b31m\u202eend";
    const path = scenarioFile("ansi", { name, targets: [{ id: "local", endpointUrl: `${echo.url}/v1`, model: "m" }] });
    const result = await runCli(["run", path]);
    expect(result.code, result.stderr).toBe(0);
    const output = result.stdout + result.stderr;
    // Only the progress line's own redraw (\r\x1b[2K) may use control characters; with no terminal there is none.
    expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(result.stderr).toContain("evil\\x1b[2J\\x1b]0;pwned\\x07\\x0dname\\x9b31m\\u202eend: 1 targets");
  });

  it("shows control characters in a refused file's field names as visible text too", async () => {
    const path = join(workDir, "bad-key.json");
    writeFileSync(path, JSON.stringify({ version: 1, name: "bad", task: "chat-completion", targets: [{ id: "a", endpointUrl: `${echo.url}/v1`, model: "m" }], inputs: ["x"], "\u001b[31mred": 1 }));
    const result = await runCli(["run", path]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain("\u001b");
    expect(result.stderr).toContain("\\x1b[31mred: unknown field");
  });
});

// The command line as a process: `run --dataset` fills the template's variables from a CSV or JSONL file
// (bad files refused with the row, the line and the reason, exit code 2, nothing sent), and an endpoint's
// key is sent only when granted with --key (a scenario's apiKeyEnv alone sends nothing).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runCliProcess, type CliResult } from "./cli-process";
import { startEchoServer, type EchoServer } from "../mocks/echo-server";

const KEY = "sk-cli-endpoint-key-0123456789";

let echo: EchoServer;
let workDir: string;
beforeAll(async () => {
  echo = await startEchoServer();
  workDir = mkdtempSync(join(tmpdir(), "providerbench-dataset-"));
});
afterEach(() => {
  echo.arrived.length = 0;
});
afterAll(async () => {
  await echo.close();
});

const runCli = (args: string[], env: Record<string, string> = {}): Promise<CliResult> => runCliProcess(args, { VLLM_KEY: "", ...env });

function write(name: string, content: string): string {
  const path = join(workDir, name);
  writeFileSync(path, content);
  return path;
}

function scenarioFile(name: string, target: Record<string, unknown> = {}): string {
  return write(
    name,
    JSON.stringify({
      version: 1,
      name: "dataset",
      task: "chat-completion",
      targets: [{ id: "local", endpointUrl: `${echo.url}/v1`, model: "m", ...target }],
      inputs: { template: "Tell me about {{ topic }} in {{ words }} words." },
      parameters: { max_tokens: 8 },
    }),
  );
}

const promptsSent = (): string[] => echo.arrived.map((request) => (JSON.parse(request.body) as { messages: { content: string }[] }).messages[0]!.content);

describe("run --dataset", () => {
  it("sends one input per CSV row, quoted fields, embedded newlines and a BOM included", async () => {
    const scenario = scenarioFile("csv.json");
    const dataset = write("rows.csv", '\uFEFFtopic,words\r\n"salt, sea",10\r\n\r\n"two\nlines",20\r\nrain,5\r\n');
    const jsonl = join(workDir, "csv-records.jsonl");
    const result = await runCli(["run", scenario, "--dataset", dataset, "--jsonl", jsonl, "--quiet"]);
    expect(result.stderr).not.toContain("error");
    expect(result.code).toBe(0);
    expect(promptsSent()).toEqual(["Tell me about salt, sea in 10 words.", "Tell me about two\nlines in 20 words.", "Tell me about rain in 5 words."]);
    const records = readFileSync(jsonl, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { inputIndex: number });
    expect(records.map((record) => record.inputIndex)).toEqual([0, 1, 2]);
  });

  it("takes JSONL rows, numbers kept", async () => {
    const result = await runCli(["run", scenarioFile("jsonl.json"), "--dataset", write("rows.jsonl", '{"topic":"fog","words":3}\n\n{"topic":"ice","words":4}\n'), "--quiet"]);
    expect(result.code).toBe(0);
    expect(promptsSent()).toEqual(["Tell me about fog in 3 words.", "Tell me about ice in 4 words."]);
  });

  it("refuses a bad row with its row, line and reason, exit code 2, nothing sent", async () => {
    const result = await runCli(["run", scenarioFile("bad.json"), "--dataset", write("bad.csv", 'topic,words\nsea,1\n"a\nb",2,3\n'), "--quiet"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("bad.csv cannot be used:");
    expect(result.stderr).toContain("row 2 (line 3): 3 fields, but the header names 2 columns");
    const jsonlResult = await runCli(["run", scenarioFile("bad2.json"), "--dataset", write("bad.jsonl", '{"topic":"a"}\n{"topic":null}\n'), "--quiet"]);
    expect(jsonlResult.code).toBe(2);
    expect(jsonlResult.stderr).toContain('row 2 (line 2), field "topic": must be a string, a number or a boolean, not null');
    expect(echo.arrived).toEqual([]);
  });

  it("names the dataset's row and line when the template fails on it", async () => {
    const scenario = write(
      "raise.json",
      JSON.stringify({
        version: 1,
        name: "raise",
        task: "chat-completion",
        targets: [{ id: "local", endpointUrl: `${echo.url}/v1`, model: "m" }],
        inputs: { template: "{% if topic == 'bad' %}{{ raise_exception('no bad topics') }}{% endif %}{{ topic }}" },
      }),
    );
    const result = await runCli(["run", scenario, "--dataset", write("raise.csv", 'topic\nfine\n\n"b\nc"\nbad\n'), "--quiet"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("inputs.variables[2]: template failed: no bad topics (");
    expect(result.stderr).toContain("raise.csv row 3, line 6)");
    expect(echo.arrived).toEqual([]);
  });

  it("refuses a scenario whose inputs are not a template, and a file that is neither CSV nor JSONL", async () => {
    const listed = write("listed.json", JSON.stringify({ version: 1, name: "l", task: "chat-completion", targets: [{ id: "local", endpointUrl: `${echo.url}/v1`, model: "m" }], inputs: ["hi"] }));
    const result = await runCli(["run", listed, "--dataset", write("ok.csv", "topic\nsea\n"), "--quiet"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--dataset fills inputs.variables of a template");
    const other = await runCli(["run", scenarioFile("other.json"), "--dataset", write("rows.txt", "topic\nsea\n"), "--quiet"]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("a .csv or .jsonl file is expected");
    expect(echo.arrived).toEqual([]);
  });
});

describe("endpoint keys on the command line", () => {
  it("sends no variable a scenario names by itself: apiKeyEnv without --key stops the run before anything is sent", async () => {
    const secret = "aws-secret-access-key-0123456789";
    const result = await runCli(["run", scenarioFile("hostile-keyed.json", { apiKeyEnv: "AWS_SECRET_ACCESS_KEY" }), "--dataset", write("one0.csv", "topic,words\nsea,1\n"), "--quiet"], {
      AWS_SECRET_ACCESS_KEY: secret,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("targets[0].apiKeyEnv: local asks for the key in AWS_SECRET_ACCESS_KEY, but a scenario file does not send an environment variable by itself: grant it with --key local=AWS_SECRET_ACCESS_KEY");
    expect(result.stdout + result.stderr).not.toContain(secret);
    expect(echo.arrived).toEqual([]);
  });

  it("refuses a granted variable that is not set, naming it, before anything is sent", async () => {
    const result = await runCli(["run", scenarioFile("keyed.json", { apiKeyEnv: "VLLM_KEY" }), "--dataset", write("one.csv", "topic,words\nsea,1\n"), "--key", "local=VLLM_KEY", "--quiet"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("the environment variable VLLM_KEY is not set");
    expect(echo.arrived).toEqual([]);
  });

  it("sends a granted variable's value to that endpoint as a bearer key, says so first, and writes it nowhere", async () => {
    const jsonl = join(workDir, "keyed.jsonl");
    const result = await runCli(
      ["run", scenarioFile("keyed2.json", { apiKeyEnv: "VLLM_KEY" }), "--dataset", write("one2.csv", "topic,words\nsea,1\n"), "--key", "local=VLLM_KEY", "--jsonl", jsonl, "--quiet"],
      { VLLM_KEY: KEY },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`key: $VLLM_KEY goes to ${new URL(echo.url).origin} only (target local)\n`);
    expect(echo.arrived.map((request) => request.headers.authorization)).toEqual([`Bearer ${KEY}`]);
    // The echo server answered with the header: the record holds it redacted.
    expect(readFileSync(jsonl, "utf8")).not.toContain(KEY);
    expect(readFileSync(jsonl, "utf8")).toContain("authorization=Bearer [redacted]");
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  it("sends no Authorization header for targets named constructor or toString (own properties only)", async () => {
    const scenario = write(
      "prototype-ids.json",
      JSON.stringify({
        version: 1,
        name: "prototype ids",
        task: "chat-completion",
        targets: ["constructor", "toString"].map((id) => ({ id, endpointUrl: `${echo.url}/v1`, model: "m" })),
        inputs: ["hello"],
        parameters: { max_tokens: 8 },
      }),
    );
    const result = await runCli(["run", scenario, "--quiet"]);
    expect(result.code).toBe(0);
    expect(echo.arrived.map((request) => request.headers.authorization)).toEqual([undefined, undefined]);
  });
});

// The command line's output files under hostile conditions, as a separate process against the sandbox:
// outputs checked before the first request, a full disk, one file given twice, existing files, a stalled
// pipe, closed stdout/stderr, SIGHUP and a double Ctrl-C. Every file left behind must be valid.
import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliProcess, type CliProcessOptions, type CliResult } from "./cli-process";
import { startSandbox, type Sandbox } from "../../src/sandbox/server";
import { RECORD_FIELDS } from "../../src/core/record";
import { EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_WRITE_FAILED } from "../../src/cli/exit-codes";


let sandbox: Sandbox;
let workDir: string;
/** A provider that counts the requests it gets: proves that a refused run sent nothing. */
let counter: { server: Server; url: string; requests: number };
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, timeScale: 0.2 });
  workDir = mkdtempSync(join(tmpdir(), "providerbench-cli-outputs-"));
  const server = createServer((request, response) => {
    counter.requests++;
    request.resume();
    response.writeHead(500, { "content-type": "application/json" }).end('{"error":"counted"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  counter = { server, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/v1`, requests: 0 };
});
afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => counter.server.close(() => resolve()));
});

function runCli(args: string[], options: CliProcessOptions = {}): Promise<CliResult> {
  return runCliProcess(args, { PROVIDERBENCH_SANDBOX_URL: sandbox.url }, options);
}

let scenarioCount = 0;
function writeScenario(fields: { endpointUrl?: string; repetitions: number; concurrency?: number; profile?: string }): string {
  const path = join(workDir, `scenario-${++scenarioCount}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      version: 1,
      name: "outputs",
      task: "chat-completion",
      targets: [{ id: "t", endpointUrl: fields.endpointUrl ?? `sandbox:/${fields.profile ?? "instant"}/v1`, model: "m" }],
      inputs: ["x"],
      parameters: { max_tokens: 40 },
      run: { repetitions: fields.repetitions, concurrency: fields.concurrency ?? 4, warmup: 0 },
    }),
  );
  return path;
}

function fresh(name: string): string {
  return join(workDir, `${++scenarioCount}-${name}`);
}

/** Every line of a JSONL file is a whole record; `planned` when the count is known. */
function expectWholeJsonl(path: string, planned?: number): number {
  const text = readFileSync(path, "utf8");
  expect(text === "" || text.endsWith("\n")).toBe(true);
  const lines = text.split("\n").slice(0, -1);
  for (const line of lines) expect(Object.keys(JSON.parse(line) as object)).toEqual([...RECORD_FIELDS]);
  if (planned !== undefined) expect(lines).toHaveLength(planned);
  return lines.length;
}

function expectWholeCsv(path: string): number {
  const text = readFileSync(path, "utf8");
  expect(text.endsWith("\r\n") || text.endsWith("\n")).toBe(true);
  const parsed = Papa.parse<string[]>(text.trimEnd());
  expect(parsed.errors).toEqual([]);
  expect(parsed.data[0]).toEqual([...RECORD_FIELDS]);
  for (const row of parsed.data) expect(row).toHaveLength(RECORD_FIELDS.length);
  return parsed.data.length - 1;
}

/** The summary is whole JSON, or absent; never empty or cut, and no temporary file is left beside it. */
function expectSummaryWholeOrAbsent(path: string): void {
  if (existsSync(path)) expect((JSON.parse(readFileSync(path, "utf8")) as { targets: unknown[] }).targets).toBeInstanceOf(Array);
  expect(readdirSync(workDir).filter((name) => name.endsWith(".partial"))).toEqual([]);
}

describe("the command line's output files", () => {
  it("refuses an output it cannot write before sending any request, without a stack trace", async () => {
    const scenario = writeScenario({ endpointUrl: counter.url, repetitions: 5 });
    const jsonl = fresh("before.jsonl");
    const before = counter.requests;
    const result = await runCli(["run", scenario, "--jsonl", jsonl, "--summary", join(workDir, "no-such-folder", "summary.json")]);
    expect(result.code).toBe(EXIT_BAD_INPUT);
    expect(result.stderr).toContain("--summary");
    expect(result.stderr).toContain("no-such-folder");
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(counter.requests).toBe(before);
    expect(existsSync(jsonl)).toBe(false);
  });

  it("removes the outputs it had opened when a later one fails to open, and sends nothing", async () => {
    const scenario = writeScenario({ endpointUrl: counter.url, repetitions: 5 });
    const jsonl = fresh("opened-first.jsonl");
    const before = counter.requests;
    // The folder exists and passes the check; only opening the file fails (procfs takes no new files).
    const result = await runCli(["run", scenario, "--jsonl", jsonl, "--csv", "/proc/providerbench-no-such.csv"]);
    expect(result.code).toBe(EXIT_BAD_INPUT);
    expect(result.stderr).toContain("--csv: cannot write /proc/providerbench-no-such.csv");
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(counter.requests).toBe(before);
    // The JSONL it had opened is removed again: a refused run leaves nothing.
    expect(existsSync(jsonl)).toBe(false);
  });

  it("refuses one file given for two outputs, and the scenario file as an output", async () => {
    const scenario = writeScenario({ endpointUrl: counter.url, repetitions: 5 });
    const scenarioText = readFileSync(scenario, "utf8");
    const before = counter.requests;
    const same = fresh("same.out");
    const twice = await runCli(["run", scenario, "--jsonl", same, "--csv", same]);
    expect(twice.code).toBe(EXIT_BAD_INPUT);
    expect(twice.stderr).toContain(`--csv ${same} is the same file as --jsonl ${same}`);
    // The same file through another spelling of its path.
    const spelled = await runCli(["run", scenario, "--summary", join(workDir, ".", "..", workDir.split("/").pop()!, "x.json"), "--csv", join(workDir, "x.json")]);
    expect(spelled.code).toBe(EXIT_BAD_INPUT);
    expect(spelled.stderr).toContain("is the same file as");
    const overScenario = await runCli(["run", scenario, "--force", "--summary", scenario]);
    expect(overScenario.code).toBe(EXIT_BAD_INPUT);
    expect(overScenario.stderr).toContain("is the same file as the scenario file");
    expect(readFileSync(scenario, "utf8")).toBe(scenarioText);
    expect(counter.requests).toBe(before);
  });

  it("does not overwrite an existing file without --force, and does with it", async () => {
    const scenario = writeScenario({ repetitions: 3 });
    const jsonl = fresh("existing.jsonl");
    writeFileSync(jsonl, "precious\n");
    const refused = await runCli(["run", scenario, "--jsonl", jsonl, "--quiet"]);
    expect(refused.code).toBe(EXIT_BAD_INPUT);
    expect(refused.stderr).toContain("already exists: pass --force");
    expect(readFileSync(jsonl, "utf8")).toBe("precious\n");
    const forced = await runCli(["run", scenario, "--jsonl", jsonl, "--quiet", "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expectWholeJsonl(jsonl, 3);
  });

  it("exits with the write-failure code, not 'completed', when the disk is full", async () => {
    const scenario = writeScenario({ repetitions: 50 });
    const summary = fresh("full-summary.json");
    const result = await runCli(["run", scenario, "--jsonl", "/dev/full", "--summary", summary, "--quiet"]);
    expect(result.code).toBe(EXIT_WRITE_FAILED);
    expect(result.stderr).toContain("cannot write --jsonl /dev/full");
    expect(result.stderr).toContain("ENOSPC");
    expect(result.stderr).not.toMatch(/^completed/m);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expectSummaryWholeOrAbsent(summary);
  });

  it("finishes and writes whole files when stdout and stderr are closed (EPIPE)", async () => {
    const scenario = writeScenario({ repetitions: 40 });
    const [jsonl, csv, summary] = [fresh("epipe.jsonl"), fresh("epipe.csv"), fresh("epipe-summary.json")];
    const result = await runCli(["run", scenario, "--jsonl", jsonl, "--csv", csv, "--summary", summary], { closeOutputs: true });
    expect(result.code).toBe(0);
    expectWholeJsonl(jsonl, 40);
    expect(expectWholeCsv(csv)).toBe(40);
    expect((JSON.parse(readFileSync(summary, "utf8")) as { status: string }).status).toBe("completed");
  });

  it("stops on SIGHUP as on Ctrl-C and leaves whole files", async () => {
    const scenario = writeScenario({ repetitions: 2000, profile: "steady", concurrency: 8 });
    const [jsonl, csv, summary] = [fresh("hup.jsonl"), fresh("hup.csv"), fresh("hup-summary.json")];
    let sent = false;
    const result = await runCli(["run", scenario, "--jsonl", jsonl, "--csv", csv, "--summary", summary], {
      onStderr: (stderr, child) => {
        if (sent || !stderr.includes("in flight")) return;
        sent = true;
        child.kill("SIGHUP");
      },
    });
    expect(result.code).toBe(EXIT_INTERRUPTED);
    const records = expectWholeJsonl(jsonl);
    expect(records).toBeLessThan(2000);
    expect(expectWholeCsv(csv)).toBe(records);
    expect((JSON.parse(readFileSync(summary, "utf8")) as { status: string }).status).toBe("aborted");
  });

  it("leaves whole files after a double Ctrl-C: the summary whole or absent, never empty", async () => {
    const scenario = writeScenario({ repetitions: 2000, profile: "steady", concurrency: 8 });
    const [jsonl, csv, summary] = [fresh("twice.jsonl"), fresh("twice.csv"), fresh("twice-summary.json")];
    let sent = 0;
    const result = await runCli(["run", scenario, "--jsonl", jsonl, "--csv", csv, "--summary", summary], {
      onStderr: (stderr, child) => {
        // The second Ctrl-C as soon as the first one is being handled: the files are being closed.
        if (sent === 0 && stderr.includes("in flight")) {
          sent = 1;
          child.kill("SIGINT");
        } else if (sent === 1 && stderr.includes("interrupted")) {
          sent = 2;
          child.kill("SIGINT");
        }
      },
    });
    expect(result.code).toBe(EXIT_INTERRUPTED);
    expectWholeJsonl(jsonl);
    expectWholeCsv(csv);
    expectSummaryWholeOrAbsent(summary);
  });

  it("waits for a stalled output pipe and then writes every record whole", async () => {
    const fifo = fresh("stalled.fifo");
    execFileSync("mkfifo", [fifo]);
    // Enough records to fill a pipe's buffer (64 KiB) several times over while nobody reads it.
    const planned = 600;
    const scenario = writeScenario({ repetitions: planned, concurrency: 8 });
    let received = "";
    let reader: ReturnType<typeof createReadStream> | undefined;
    const run = runCli(["run", scenario, "--jsonl", fifo], {
      onStderr: (stderr) => {
        // Read only once the run is under way: until then the pipe fills and the run must wait, not buffer.
        if (stderr.includes("in flight")) reader?.resume();
      },
    });
    reader = createReadStream(fifo, { encoding: "utf8" });
    reader.pause();
    reader.on("data", (chunk) => (received += chunk as string));
    const closed = new Promise<void>((resolve) => reader!.on("close", () => resolve()));
    const result = await run;
    await closed;
    expect(result.code, result.stderr).toBe(0);
    const lines = received.split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(planned);
    for (const line of lines) expect(Object.keys(JSON.parse(line) as object)).toEqual([...RECORD_FIELDS]);
  });
});

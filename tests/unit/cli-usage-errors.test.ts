// A command line that does not parse: one short error naming the option, the nearest one when it looks
// misspelt, and where the help is — the same for every subcommand (src/cli/command-options.ts).
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../src/cli/args";
import { exportCommand } from "../../src/cli/artillery/export-command";
import { snippetsCommand } from "../../src/cli/snippets-command";
import { startOptionsFrom } from "../../src/cli/start-options";
import { tasksCommand } from "../../src/cli/tasks-command";

function parseError(argv: string[]): string {
  const parsed = parseCommandLine(argv, {});
  if (parsed.kind !== "error") throw new Error(`expected an error, got ${parsed.kind}`);
  return parsed.message;
}

/** What a subcommand writes to stderr for `argv`, and its exit code. */
async function stderrOf(command: (argv: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream) => number | Promise<number>, argv: string[]): Promise<{ code: number; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stderr = "";
  err.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await command(argv, out, err);
  return { code, stderr };
}

describe("usage errors", () => {
  it("suggests the option a misspelt one was meant to be, in the command's own words, not Node's", () => {
    const message = parseError(["run", "s.json", "--concurency", "4"]);
    expect(message).toBe("unknown option --concurency of run: did you mean --concurrency?");
    expect(parseError(["analyze", "r.jsonl", "--unparied"])).toBe("unknown option --unparied of analyze: did you mean --unpaired?");
    expect(parseError(["trend", "a", "b", "--jsn"])).toBe("unknown option --jsn of trend: did you mean --json?");
    expect(parseError(["analyze", "r.jsonl", "--baselin", "b"])).toContain("did you mean --baseline?");
  });

  it("says nothing is near when nothing is, and names an option that lacks its value or has one it does not take", () => {
    expect(parseError(["run", "s.json", "--zzzzzz"])).toBe("unknown option --zzzzzz of run");
    expect(parseError(["run", "s.json", "--jsonl"])).toBe("--jsonl needs a value");
    expect(parseError(["run", "s.json", "--quiet=yes"])).toBe("--quiet takes no value");
  });

  it("suggests a command for a misspelt one", () => {
    expect(parseError(["anlyze", "r.jsonl"])).toContain('unknown command "anlyze": did you mean analyze?');
  });

  it("refuses an unknown --columns id with the nearest ids, not the whole catalogue", () => {
    const message = parseError(["run", "s.json", "--columns", "latencyP50ms"]);
    expect(message).toContain('unknown metric "latencyP50ms": did you mean latencyP50Ms');
    expect(message).toContain("--wide shows every metric");
    expect(message.length).toBeLessThan(200);
  });

  it("reports snippets', tasks' and export's errors the same way, without their help", async () => {
    const snippets = await stderrOf((argv, out, err) => snippetsCommand(argv, {}, out, err), ["s.json", "--targt", "a"]);
    expect(snippets).toEqual({ code: 2, stderr: "error: unknown option --targt of snippets: did you mean --target?\n(npm run cli -- snippets --help lists the options)\n" });
    const tasks = await stderrOf(tasksCommand, ["--wide"]);
    expect(tasks).toEqual({ code: 2, stderr: "error: unknown option --wide of tasks\n(npm run cli -- tasks --help lists the options)\n" });
    const exported = await stderrOf((argv, out, err) => exportCommand(argv, {}, out, err), ["artillery", "s.json", "--forse"]);
    expect(exported).toEqual({ code: 2, stderr: "error: unknown option --forse of export: did you mean --force?\n(npm run cli -- export --help lists the options)\n" });
  });

  it("suggests npm start's options too", () => {
    expect(startOptionsFrom(["--sandbox-prot", "9000"])).toEqual({ error: "unknown option --sandbox-prot: did you mean --sandbox-port?" });
  });
});

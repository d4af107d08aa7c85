// `providerbench snippets` as a separate process: every target's code, or the one named; never the token.
import { describe, expect, it } from "vitest";
import { runCliProcess, type CliResult } from "./cli-process";

const SECRET = "hf_cliTokenThatMustNeverBePrinted555";

const runCli = (args: string[]): Promise<CliResult> => runCliProcess(args, { HF_TOKEN: SECRET });

describe("providerbench snippets", () => {
  it("prints each target's JavaScript, Python and curl with the first input, the token as a variable", async () => {
    const result = await runCli(["snippets", "scenarios/sandbox-embeddings.json", "--sandbox-url", "http://127.0.0.1:8787"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.match(/^== /gm)).toHaveLength(2);
    expect(result.stdout).toContain("== fast");
    expect(result.stdout).toContain("-- JavaScript (fetch)");
    expect(result.stdout).toContain("-- Python (requests)");
    expect(result.stdout).toContain("-- curl (curl)");
    expect(result.stdout).toContain('"inputs": "Benchmarks should measure what users feel."');
    expect(result.stdout).toContain("curl 'http://127.0.0.1:8787/fast/v1/embeddings'");
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  it("prints only the target named, and refuses an unknown one naming the targets", async () => {
    const one = await runCli(["snippets", "scenarios/sandbox-embeddings.json", "--target", "steady", "--sandbox-url", "http://127.0.0.1:8787"]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout.match(/^== /gm)).toEqual(["== "]);
    expect(one.stdout).toContain("== steady");
    const unknown = await runCli(["snippets", "scenarios/sandbox-embeddings.json", "--target", "nope"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no target "nope" (the targets are: fast, steady)');
  });
});

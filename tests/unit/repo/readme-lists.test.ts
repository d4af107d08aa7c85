// The README's lists are the code's: the tasks that run, the bundled scenarios (and which need a token),
// the record fields a --jsonl line holds, and every command's options. Adding any of these to the code
// and not to the README (or the other way round) fails here. (The record fields' order and the required
// ones: readme-records.test.ts.)
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ANALYZE_OPTIONS, RUN_OPTIONS, TREND_OPTIONS } from "../../../src/cli/args";
import { EXPORT_OPTIONS } from "../../../src/cli/artillery/export-command";
import { recordToJsonLine } from "../../../src/cli/record-files";
import { PROVIDERS_OPTIONS } from "../../../src/cli/providers-command";
import { SNIPPETS_OPTIONS } from "../../../src/cli/snippets-command";
import type { OptionsConfig } from "../../../src/cli/command-options";
import { START_OPTIONS } from "../../../src/cli/start-options";
import { TASKS_OPTIONS } from "../../../src/cli/tasks-command";
import { RECORD_FIELDS, type RequestRecord } from "../../../src/core/record";
import { usesSandbox } from "../../../src/core/run";
import { checkScenarioShape } from "../../../src/core/scenario";
import { taskCatalogue } from "../../../src/core/tasks/catalogue";
import { SANDBOX_OPTIONS } from "../../../src/sandbox/command-options";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const scenariosFolder = new URL("../../../scenarios/", import.meta.url);

/** The paragraph (up to a blank line) that starts with `opening`. */
function paragraph(opening: string): string {
  const start = readme.indexOf(opening);
  expect(start, `the README has "${opening}"`).toBeGreaterThan(-1);
  const end = readme.indexOf("\n\n", start);
  return readme.slice(start, end < 0 ? undefined : end);
}

function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
}

type Options = OptionsConfig;

/** `--name` for every option, help aside (every command takes it, and the README says so once). */
function optionFlags(options: Options): string[] {
  return Object.keys(options)
    .filter((name) => name !== "help")
    .map((name) => `--${name}`)
    .sort();
}

/** The flags in a piece of a command line, short ones (`-o`) named by their long form. */
function flagsIn(text: string, options: Options): string[] {
  const shortNames = new Map<string, string>(Object.entries(options).flatMap(([name, option]) => (option.short === undefined ? [] : [[`-${option.short}`, `--${name}`]])));
  // A shell substitution's own flags (`$(date -u +%F)`) are not the command's.
  const commandOnly = text.replace(/\$\([^)]*\)/g, "");
  return [...commandOnly.matchAll(/(?:^|[\s[|])(--?[a-z][a-z0-9-]*)/g)].map((match) => shortNames.get(match[1]!) ?? match[1]!).filter((flag) => flag !== "--help" && flag !== "-h");
}

/**
 * Every command line of `command` the README shows: lines of its code blocks (a line ending in `\`
 * continues) and inline code spans, from the command's words to the end of the line or span.
 */
function commandLines(command: string): string[] {
  const found: string[] = [];
  const joined = readme.replace(/\\\n\s*/g, " ");
  let inFence = false;
  for (const line of joined.split("\n")) {
    if (line.startsWith("```")) {
      inFence = !inFence;
      continue;
    }
    const pieces = inFence || line.startsWith("    ") ? [line] : codeSpans(line);
    for (const piece of pieces) {
      const at = piece.indexOf(command);
      if (at >= 0) found.push(piece.slice(at + command.length));
    }
  }
  return found;
}

/** The run options table's first column: the flags each row documents. */
function runTableFlags(): string[] {
  const start = readme.indexOf("| option | meaning |");
  expect(start).toBeGreaterThan(-1);
  const rows = readme.slice(start).split("\n\n")[0]!.split("\n").slice(2);
  return rows.flatMap((row) => flagsIn(codeSpans(row.split(/(?<!\\)\|/)[1]!).join(" "), RUN_OPTIONS));
}

describe("README: the lists are the code's", () => {
  it("names every task that runs, and only those, with their count", () => {
    const runnable = taskCatalogue()
      .filter((task) => task.runnable)
      .map((task) => task.id);
    const bullet = paragraph("- **task**:").split("\n- ")[0]!;
    const listed = codeSpans(bullet).filter((span) => /^[a-z]+(?:-[a-z]+)*$/.test(span));
    expect([...listed].sort()).toEqual([...runnable].sort());
    expect(bullet).toContain(`${runnable.length} run today`);
  });

  it("names every bundled scenario, as a sandbox one (no token) or a real providers' one, with the counts", () => {
    const files = readdirSync(scenariosFolder).filter((name) => name.endsWith(".json"));
    const onSandbox = files.filter((name) => {
      const checked = checkScenarioShape(JSON.parse(readFileSync(new URL(name, scenariosFolder), "utf8")));
      if (!checked.ok) throw new Error(`${name} does not validate`);
      return usesSandbox(checked.scenario) && checked.scenario.targets.every((target) => target.endpointUrl?.startsWith("sandbox:"));
    });
    const text = paragraph("Examples in [`scenarios/`]");
    const [sandboxPart, realPart] = text.split(" against real providers") as [string, string];
    const named = (part: string): string[] => codeSpans(part).filter((span) => span.endsWith(".json")).sort();
    const lastGroup = (part: string): string => part.slice(part.lastIndexOf("("));
    expect(named(lastGroup(sandboxPart.split(" run against the sandbox")[1]!))).toEqual([...onSandbox].sort());
    expect(named(realPart)).toEqual(files.filter((name) => !onSandbox.includes(name)).sort());
    expect(text).toContain(`${onSandbox.length} run against the sandbox`);
    expect(text).toContain(`, ${files.length - onSandbox.length} against real providers`);
  });

  it("says --jsonl keys are exactly the record fields, which a line written from any record holds", () => {
    expect(readme).toContain("| `--jsonl <file>` | one JSON object per request attempt, keys exactly the record fields below |");
    const bare = { runId: "r", targetId: "t", inputIndex: 0, repetition: 0, attempt: 1, warmup: false, startedAt: 0, latencyMs: 1, status: "ok" } as RequestRecord;
    expect(Object.keys(JSON.parse(recordToJsonLine(bare)) as object)).toEqual([...RECORD_FIELDS]);
  });

  it("documents every option of run in its table, and no other", () => {
    expect([...new Set(runTableFlags())].sort()).toEqual(optionFlags(RUN_OPTIONS));
    for (const line of commandLines("npm run cli -- run ")) expect(optionFlags(RUN_OPTIONS), line).toEqual(expect.arrayContaining(flagsIn(line, RUN_OPTIONS)));
  });

  it.each([
    ["npm run cli -- analyze ", ANALYZE_OPTIONS],
    ["npm run cli -- trend ", TREND_OPTIONS],
    ["npm run cli -- snippets ", SNIPPETS_OPTIONS],
    ["npm run cli -- tasks", TASKS_OPTIONS],
    ["npm run cli -- providers ", PROVIDERS_OPTIONS],
    ["npm run cli -- export ", EXPORT_OPTIONS],
    ["npm start", START_OPTIONS],
    ["npm run sandbox", SANDBOX_OPTIONS],
  ] as const)("shows every option of `%s` in its command lines, and no other", (command, options) => {
    const lines = commandLines(command);
    expect(lines.length, command).toBeGreaterThan(0);
    const shown = [...new Set(lines.flatMap((line) => flagsIn(line, options)))].sort();
    expect(shown).toEqual(optionFlags(options));
  });
});

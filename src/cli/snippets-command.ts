// `providerbench snippets <scenario.json> [--target <id>]`: the code to call each target with the
// scenario's first input, the request @huggingface/inference builds (core/snippets). The token is never read.
import { readFile } from "node:fs/promises";
import { DEFAULT_SANDBOX_URL } from "../core/run";
import { formatScenarioErrors } from "../core/scenario";
import { LANGUAGE_NAMES, scenarioSnippets } from "../core/snippets";
import { checkScenarioInWorker, ValidationStopped } from "./check-in-worker";
import { EXIT_BAD_INPUT, EXIT_COMPLETED } from "./exit-codes";
import { terminalSafe } from "./terminal-safe";
import { parseOptions, usageErrorText } from "./command-options";

export const SNIPPETS_USAGE = `Usage: npm run cli -- snippets <scenario.json> [--target <id>] [--sandbox-url <url>]
  Prints, for every target (or the one named), the JavaScript, Python and curl code that calls it with the
  scenario's first input: the request @huggingface/inference builds, every value quoted for its language.
  The token appears as $HF_TOKEN (an endpoint's apiKeyEnv, or $API_TOKEN), never its value.`;

export const SNIPPETS_OPTIONS = { target: { type: "string" }, "sandbox-url": { type: "string" }, help: { type: "boolean", short: "h" } } as const;

export async function snippetsCommand(argv: string[], env: NodeJS.ProcessEnv, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const parsed = parseOptions("snippets", argv, SNIPPETS_OPTIONS);
  if ("error" in parsed) {
    err.write(terminalSafe(usageErrorText(parsed.error, "snippets")));
    return EXIT_BAD_INPUT;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    out.write(`${SNIPPETS_USAGE}\n`);
    return EXIT_COMPLETED;
  }
  const [scenarioPath, ...extra] = positionals;
  if (scenarioPath === undefined || extra.length > 0) {
    err.write(terminalSafe(usageErrorText("give one scenario file", "snippets")));
    return EXIT_BAD_INPUT;
  }
  let text: string;
  try {
    text = await readFile(scenarioPath, "utf8");
  } catch (error) {
    err.write(`cannot read ${terminalSafe(scenarioPath)}: ${terminalSafe((error as Error).message)}\n`);
    return EXIT_BAD_INPUT;
  }
  let check: Awaited<ReturnType<typeof checkScenarioInWorker>>;
  try {
    check = await checkScenarioInWorker(text, { concurrency: undefined, repetitions: undefined });
  } catch (error) {
    if (!(error instanceof ValidationStopped)) throw error;
    err.write(`${terminalSafe(scenarioPath)} is not a valid scenario: ${terminalSafe(error.message)}\n`);
    return EXIT_BAD_INPUT;
  }
  if (check.kind !== "ok") {
    err.write(`${terminalSafe(scenarioPath)} is not a valid scenario:\n${terminalSafe(formatScenarioErrors(check.errors))}\n`);
    return EXIT_BAD_INPUT;
  }
  const scenario = check.scenario;
  if (values.target !== undefined && !scenario.targets.some((target) => target.id === values.target)) {
    err.write(`error: --target: no target "${terminalSafe(values.target)}" (the targets are: ${terminalSafe(scenario.targets.map((target) => target.id).join(", "))})\n`);
    return EXIT_BAD_INPUT;
  }
  const sandboxUrl = values["sandbox-url"] ?? env.PROVIDERBENCH_SANDBOX_URL ?? DEFAULT_SANDBOX_URL;
  const sections: string[] = [];
  for (const result of scenarioSnippets(scenario, sandboxUrl, values.target)) {
    const lines = [`== ${result.targetId}`];
    if ("unavailable" in result) {
      lines.push(`no snippet: ${result.unavailable}`);
    } else {
      for (const snippet of result.snippets) lines.push(`-- ${LANGUAGE_NAMES[snippet.language]} (${snippet.client})`, snippet.content);
    }
    sections.push(lines.join("\n"));
  }
  out.write(`${terminalSafe(sections.join("\n\n"))}\n`);
  return EXIT_COMPLETED;
}

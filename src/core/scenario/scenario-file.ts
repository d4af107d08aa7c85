// A scenario file checked whole: its fields (scenario.ts), then its inputs, since a template that does not
// parse or render is as much a bad file as a missing field, then which providers serve the task, then its
// checks (regex and JSON Schema). Kept apart from scenario.ts so that what only lists scenarios (the first
// screen) does not carry the template engine, the library's provider helpers or the regex engine.
import { compileChecks } from "./checks";
import { compileToolJudge } from "./tool-checks";
import { compileStructuredOutputJudge } from "./structured-output-checks";
import { expandInputs } from "./inputs";
import { formatJsonSyntaxError, parseJsonText } from "../text";
import { checkScenarioShape } from "./scenario";
import type { ScenarioParseResult } from "./types";
import { providerTaskSupport } from "../tasks";

/** Turns unknown JSON into a Scenario with defaults applied, or into path-named errors. */
export function validateScenario(input: unknown): ScenarioParseResult {
  const shaped = checkScenarioShape(input);
  if (!shaped.ok) return shaped;
  // A provider the library cannot call for the task, with the library's reason.
  const unserved = shaped.scenario.targets.flatMap((target, index) => {
    if (target.provider === undefined) return [];
    const support = providerTaskSupport(target.provider, shaped.scenario.task);
    return support.ok ? [] : [{ path: `targets[${index}].provider`, message: support.reason }];
  });
  if (unserved.length > 0) return { ok: false, errors: unserved };
  // A template that does not parse or render is as much a bad file as a missing field.
  const expanded = expandInputs(shaped.scenario);
  if (!expanded.ok) return { ok: false, errors: expanded.errors };
  // A regex RE2 cannot run or a schema with a backtracking pattern is refused here, before any request.
  const checks = compileChecks(shaped.scenario.expectations);
  if (!checks.ok) return { ok: false, errors: checks.errors };
  const tools = compileToolJudge(shaped.scenario.parameters);
  if (!tools.ok) return { ok: false, errors: tools.errors };
  const structured = compileStructuredOutputJudge(shaped.scenario.parameters);
  return structured.ok ? shaped : { ok: false, errors: structured.errors };
}

/** Parses scenario file text; a JSON syntax error is reported like a validation error, at its line and column. */
export function parseScenarioText(text: string): ScenarioParseResult {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, errors: [{ path: "", message: `not valid JSON: ${formatJsonSyntaxError(parsed.error)}` }] };
  return validateScenario(parsed.value);
}

// A scenario's text checked off the main thread and, once valid, handed on to be stored; the state says
// where it is: being checked, invalid (with why), saved, or valid but refused by the database.
import { useState } from "react";
import { describeError } from "../../../core/text/describe-error";
import type { Scenario, ScenarioError } from "../../../core/scenario/types";
import { parseScenarioTextOffThread } from "../../lib/validate-off-thread";

export type ImportState =
  | { kind: "idle" }
  | { kind: "checking"; source: string }
  | { kind: "invalid"; source: string; errors: ScenarioError[] }
  | { kind: "saved"; name: string }
  | { kind: "not-stored"; name: string; message: string };

/** `accept(text, source)` resolves true once the scenario is stored; `source` names it in messages. */
export function useScenarioImport(onValid: (scenario: Scenario) => Promise<void>): { state: ImportState; accept: (text: string, source: string) => Promise<boolean> } {
  const [state, setState] = useState<ImportState>({ kind: "idle" });
  const accept = async (text: string, source: string): Promise<boolean> => {
    setState({ kind: "checking", source });
    // Off the main thread: a hostile template is stopped there while the page stays usable.
    const result = await parseScenarioTextOffThread(text);
    if (!result.ok) {
      setState({ kind: "invalid", source, errors: result.errors });
      return false;
    }
    try {
      await onValid(result.scenario);
    } catch (error) {
      // Valid, but the database refused it (quota, closed by another tab): the text stays in the field.
      setState({ kind: "not-stored", name: result.scenario.name, message: describeError(error) });
      return false;
    }
    setState({ kind: "saved", name: result.scenario.name });
    return true;
  };
  return { state, accept };
}

// Validation as you type: the whole scenario checked (fields, templates, checks) off the main thread,
// a moment after the last keystroke, with the same path-named errors as the CLI.
import { useEffect, useState } from "react";
import type { Scenario, ScenarioError } from "../../../core/scenario";
import { parseScenarioTextOffThread } from "../../lib/validate-off-thread";
import type { DraftValue } from "./draft-paths";

/** Long enough to let a word be typed, short enough to feel immediate. */
const VALIDATION_DELAY_MS = 250;

export type DraftValidation =
  | { state: "checking"; errors: readonly ScenarioError[] }
  | { state: "valid"; scenario: Scenario; errors: readonly ScenarioError[] }
  | { state: "invalid"; errors: readonly ScenarioError[] };

export function useDraftValidation(draft: DraftValue): DraftValidation {
  const text = JSON.stringify(draft);
  const [result, setResult] = useState<{ text: string; validation: DraftValidation } | null>(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void parseScenarioTextOffThread(text).then((parsed) => {
        if (!current) return;
        setResult({
          text,
          validation: parsed.ok ? { state: "valid", scenario: parsed.scenario, errors: [] } : { state: "invalid", errors: parsed.errors },
        });
      });
    }, VALIDATION_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);
  if (result !== null && result.text === text) return result.validation;
  // While the new text is checked, the last errors stay on screen rather than flickering away.
  return { state: "checking", errors: result?.validation.errors ?? [] };
}

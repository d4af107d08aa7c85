// The changes a replay is asked for, as typed (targets kept, targets added as JSON, repetitions and
// concurrency), and their submission: the changed scenario when it is valid, else what is wrong with it.
import { useState, type FormEvent } from "react";
import { scenarioWithChanges, type Scenario, type ScenarioError } from "../../../core/scenario";

export interface ReplayChanges {
  kept: string[];
  setKept(kept: string[]): void;
  addedText: string;
  setAddedText(text: string): void;
  repetitions: string;
  setRepetitions(text: string): void;
  concurrency: string;
  setConcurrency(text: string): void;
  errors: ScenarioError[];
  submit(event: FormEvent): void;
}

export function useReplayChanges(spec: Scenario, onReplay: (scenario: Scenario) => void): ReplayChanges {
  const [kept, setKept] = useState<string[]>(spec.targets.map((target) => target.id));
  const [addedText, setAddedText] = useState("");
  const [repetitions, setRepetitions] = useState(String(spec.run.repetitions));
  const [concurrency, setConcurrency] = useState(String(spec.run.concurrency));
  const [errors, setErrors] = useState<ScenarioError[]>([]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    let addedTargets: unknown[] = [];
    if (addedText.trim() !== "") {
      try {
        const parsed: unknown = JSON.parse(addedText);
        addedTargets = Array.isArray(parsed) ? parsed : [parsed];
      } catch (error) {
        setErrors([{ path: "targets", message: `the added targets are not JSON: ${(error as Error).message}` }]);
        return;
      }
    }
    const result = scenarioWithChanges(spec, { keepTargetIds: kept, addedTargets, repetitions: Number(repetitions), concurrency: Number(concurrency) });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors([]);
    onReplay(result.scenario);
  };
  return { kept, setKept, addedText, setAddedText, repetitions, setRepetitions, concurrency, setConcurrency, errors, submit };
}

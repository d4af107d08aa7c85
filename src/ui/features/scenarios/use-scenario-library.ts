// The person's saved scenarios and what the page does to them: save (a copy under a free name, or one
// loaded or pasted), rename, delete with an undo, each failure kept to show which action it was.
import { useState } from "react";
import { describeError } from "../../../core/text/describe-error";
import type { Scenario } from "../../../core/scenario";
import type { StoredScenario } from "../../../store/db";
import { deleteSavedScenario, listSavedScenarios, renameSavedScenario, restoreSavedScenario, saveScenario } from "../../../store/queries";
import { useAppDb } from "../../lib/app-db";
import { useLiveRead, type LiveRead } from "../../lib/use-live-read";
import { copyName } from "./scenario-search";

export interface ScenarioLibrary {
  saved: LiveRead<StoredScenario[]>;
  /** The action that failed last, until the next one. */
  failure: { action: string; message: string } | null;
  /** The scenario deleted last, while its undo is offered. */
  deleted: StoredScenario | null;
  save(scenario: Scenario): Promise<void>;
  saveCopy(scenario: Scenario): void;
  rename(stored: StoredScenario, name: string): void;
  remove(stored: StoredScenario): void;
  undoDelete(stored: StoredScenario): void;
}

export function useScenarioLibrary(): ScenarioLibrary {
  const db = useAppDb();
  const saved = useLiveRead(() => listSavedScenarios(db), [db]);
  const [failure, setFailure] = useState<{ action: string; message: string } | null>(null);
  const [deleted, setDeleted] = useState<StoredScenario | null>(null);
  const takenNames = (saved.state === "loaded" ? saved.value : []).map((stored) => stored.name);

  const attempt = (action: string, work: Promise<unknown>): void => {
    setFailure(null);
    work.catch((error: unknown) => setFailure({ action, message: describeError(error) }));
  };
  return {
    saved,
    failure,
    deleted,
    save: async (scenario) => void (await saveScenario(db, scenario)),
    saveCopy: (scenario) => {
      const name = copyName(scenario.name, takenNames);
      attempt(`save a copy of “${scenario.name}”`, saveScenario(db, { ...scenario, name }));
    },
    rename: (stored, name) => attempt(`rename “${stored.name}”`, renameSavedScenario(db, stored.id, name)),
    remove: (stored) => {
      setDeleted(null);
      attempt(`delete “${stored.name}”`, deleteSavedScenario(db, stored.id).then(() => setDeleted(stored)));
    },
    undoDelete: (stored) => {
      setDeleted(null);
      attempt(`restore “${stored.name}”`, restoreSavedScenario(db, stored));
    },
  };
}

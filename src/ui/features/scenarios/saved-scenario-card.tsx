// One of the user's scenarios with what can be done to it: run, rename, duplicate, export, share, delete.
import { useState } from "react";
import type { StoredScenario } from "../../../store/db";
import { ScenarioCard } from "./scenario-card";
import { savedScenarioKey } from "../../lib/scenario-keys";
import { ExportButton } from "./export-button";
import { RenameForm } from "./rename-form";
import { ShareLinkButton } from "./share-link-button";

interface SavedScenarioCardProps {
  stored: StoredScenario;
  onRename: (name: string) => void;
  onDuplicate: () => void;
  /** Deleted at once; the page offers Undo. */
  onDelete: () => void;
}

export function SavedScenarioCard({ stored, onRename, onDuplicate, onDelete }: SavedScenarioCardProps) {
  const [renaming, setRenaming] = useState(false);
  return (
    <ScenarioCard
      scenarioKey={savedScenarioKey(stored.id)}
      scenario={stored.spec}
      actions={
        <>
          {renaming ? (
            <RenameForm
              name={stored.name}
              onCancel={() => setRenaming(false)}
              onRename={(name) => {
                setRenaming(false);
                onRename(name);
              }}
            />
          ) : (
            <button type="button" className="button" onClick={() => setRenaming(true)}>
              Rename
            </button>
          )}
          <button type="button" className="button" onClick={onDuplicate}>
            Duplicate
          </button>
          <ExportButton scenario={stored.spec} />
          <ShareLinkButton scenario={stored.spec} />
          <button type="button" className="button" onClick={onDelete}>
            Delete
          </button>
        </>
      }
    />
  );
}

// What can be done with a run from History: open it, replay it (as it was, or with changes), download
// its bundle, resume it when it was cut short and can be, and delete it.
import { resumeRefusal } from "../../../core/run";
import type { StoredRun } from "../../../store/db";
import { isReplayable } from "../../../store/run-bundle";
import { BundleButton } from "../../components/bundle-button";
import { ConfirmButton } from "../../components/ui/confirm-button";
import { routes } from "../../lib/hash-route";

interface HistoryRowActionsProps {
  run: StoredRun;
  onReplay: () => void;
  /** Whether the replay-with-changes form is open; the toggle is not offered without it. */
  changing: boolean;
  onToggleChanges?: (() => void) | undefined;
  onResume?: (() => void) | undefined;
  replayDisabled: boolean;
  onDelete: () => void;
}

export function HistoryRowActions({ run, onReplay, changing, onToggleChanges, onResume, replayDisabled, onDelete }: HistoryRowActionsProps) {
  return (
    <div className="row-actions">
      <a className="button" href={routes.compare(run.id)}>
        Open
      </a>
      {isReplayable(run) ? (
        <button type="button" className="button" data-testid="replay-button" disabled={replayDisabled} onClick={onReplay}>
          Replay
        </button>
      ) : null}
      <BundleButton run={run} />
      {onToggleChanges && isReplayable(run) ? (
        <button type="button" className="button" aria-expanded={changing} onClick={onToggleChanges}>
          Replay with changes…
        </button>
      ) : null}
      {onResume && run.imported === undefined && (run.status === "interrupted" || run.status === "aborted") && resumeRefusal(run.spec) === null ? (
        <button type="button" className="button" data-testid="resume-button" disabled={replayDisabled} onClick={onResume} title="Send only the requests this run is missing, into this same run">
          Resume
        </button>
      ) : null}
      <ConfirmButton label="Delete" confirmLabel="Delete run" onConfirm={onDelete} />
    </div>
  );
}

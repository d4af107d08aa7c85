// Shown on every page once another tab has taken the database over (a newer app upgrading its schema,
// or the data being deleted): this tab let go of it, and only a reload brings it back.
import { useCallback, useSyncExternalStore } from "react";
import { useAppDb } from "../lib/app-db";
import { Notice } from "./ui/notice";

export function DatabaseClosedNotice() {
  const db = useAppDb();
  const subscribe = useCallback((listener: () => void) => db.onClosedElsewhere(listener), [db]);
  const reason = useSyncExternalStore(subscribe, () => db.closedElsewhere);
  if (reason === null) return null;
  return (
    <div className="app-banner" data-testid="database-closed-notice">
      <Notice
        tone="warning"
        title={reason === "upgraded" ? "ProviderBench was updated in another tab: reload this page" : "The stored runs were deleted in another tab: reload this page"}
      >
        <p>
          {reason === "upgraded"
            ? "So that the other tab could upgrade the stored runs, this tab has stopped reading and saving them. Reload to carry on with the newer version; nothing stored is lost."
            : "This tab has stopped reading and saving runs. Reload to start again with an empty history."}{" "}
          A run going on here keeps its numbers on screen but cannot save more records.
        </p>
        <p>
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </p>
      </Notice>
    </div>
  );
}

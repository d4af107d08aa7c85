import { useEffect, useRef } from "react";
import { navigate, routes } from "../../lib/hash-route";
import { useRunSnapshot } from "../../lib/run-controller";

/**
 * A replay exists to be compared: when one this page watched ends, go to the old-vs-new view.
 * Only on the transition, so coming back to this page later does not bounce the user away.
 */
export function useNavigateToDiffWhenReplayEnds(): void {
  const snapshot = useRunSnapshot();
  const previousPhase = useRef(snapshot.phase);
  useEffect(() => {
    const wasRunning = previousPhase.current === "running";
    previousPhase.current = snapshot.phase;
    if (wasRunning && snapshot.phase === "finished" && snapshot.replayOfRunId && snapshot.runId && snapshot.status !== "failed") {
      navigate(routes.compare(snapshot.runId, snapshot.replayOfRunId));
    }
  }, [snapshot.phase, snapshot.replayOfRunId, snapshot.runId, snapshot.status]);
}

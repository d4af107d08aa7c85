// What a scenario will send before it runs: how many requests in all (null when its inputs do not
// expand, or are a trace not yet read), and the origins it would load past the browser's connections per host.
import { useMemo, useSyncExternalStore } from "react";
import { originsOverBrowserLimit, plannedLoadPerOrigin, type OriginLoad } from "../../../core/run/connection-limits";
import { countPlannedRequests } from "../../../core/run/request-plan";
import type { Scenario } from "../../../core/scenario";
import { isTraceInputs } from "../../../core/scenario/trace-replay-inputs";
import { expandInputs } from "../../../core/scenario/inputs";
import { resolveSandboxUrl } from "../../lib/sandbox-url";
import { subscribeToSettings } from "../../lib/settings-storage";

export function useRunPlan(scenario: Scenario | null): { planned: number | null; overConnectionLimit: OriginLoad[] } {
  const sandboxUrl = useSyncExternalStore(subscribeToSettings, resolveSandboxUrl);
  const planned = useMemo(() => {
    // A trace's requests are counted when its file is read, as the run starts: not known before.
    if (!scenario || isTraceInputs(scenario.inputs)) return null;
    const expanded = expandInputs(scenario);
    if (!expanded.ok) return null;
    const counts = countPlannedRequests(scenario, expanded.inputs.length);
    return counts.measured + counts.warmup;
  }, [scenario]);
  const overConnectionLimit = useMemo(
    () => (scenario ? originsOverBrowserLimit(plannedLoadPerOrigin(scenario, sandboxUrl)) : []),
    [scenario, sandboxUrl],
  );
  return { planned, overConnectionLimit };
}

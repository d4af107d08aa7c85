// Which page the address shows. Pages other than the first screen load on demand, so the first screen
// does not carry the charts or the runner.
import { lazy } from "react";
import type { Route } from "../lib/hash-route";
import { openDraftInEditor } from "../features/editor";
import { ScenariosPage } from "../features/scenarios";
import { useRunSnapshot } from "../lib/run-controller";
import { replayRun } from "./replay-run";
import { resumeRun } from "./resume-run";

const RunRoute = lazy(() => import("./run-route").then((module) => ({ default: module.RunRoute })));
const HistoryPage = lazy(() => import("../features/history/history-page").then((module) => ({ default: module.HistoryPage })));
const TrendsView = lazy(() => import("../features/history/trends-view").then((module) => ({ default: module.TrendsView })));
const ComparePage = lazy(() => import("../features/compare/compare-page").then((module) => ({ default: module.ComparePage })));
const TaskPickerPage = lazy(() => import("../features/editor/task-picker-page").then((module) => ({ default: module.TaskPickerPage })));
const EditorRoute = lazy(() => import("./editor-route").then((module) => ({ default: module.EditorRoute })));
const ProvidersPage = lazy(() => import("../features/providers/providers-page").then((module) => ({ default: module.ProvidersPage })));
const SettingsPage = lazy(() => import("../features/settings/settings-page").then((module) => ({ default: module.SettingsPage })));

export function AppRoutes({ route }: { route: Route }) {
  const snapshot = useRunSnapshot();
  const runActive = snapshot.phase === "running" || snapshot.phase === "checking";
  switch (route.page) {
    case "scenarios":
      return <ScenariosPage onOpenInEditor={openDraftInEditor} />;
    case "shared":
      return <ScenariosPage key={route.payload} sharedPayload={route.payload} onOpenInEditor={openDraftInEditor} />;
    case "run":
      return <RunRoute scenarioKey={route.scenarioKey} />;
    case "compare":
      return <ComparePage key={`${route.runId ?? ""}:${route.baselineRunId ?? ""}`} runId={route.runId} baselineRunId={route.baselineRunId} onReplay={replayRun} replayDisabled={runActive} />;
    case "history":
      return <HistoryPage onReplay={replayRun} onResume={resumeRun} replayDisabled={runActive} />;
    case "trends":
      return <TrendsView seriesKey={route.seriesKey} />;
    case "settings":
      return <SettingsPage />;
    case "new":
      return <TaskPickerPage />;
    case "editor":
      return <EditorRoute key={`${route.scenarioKey ?? ""}:${route.draftId ?? ""}`} scenarioKey={route.scenarioKey} draftId={route.draftId} />;
    case "providers":
      return <ProvidersPage modelId={route.modelId} task={route.task} />;
    case "not-found":
      return (
        <div className="page">
          <h1>Page not found</h1>
          <p className="empty">
            Nothing lives at <code>#{route.path}</code>. <a href="#/">Back to the scenarios</a>.
          </p>
        </div>
      );
  }
}

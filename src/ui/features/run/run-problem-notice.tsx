import { Notice } from "../../components/ui/notice";
import { routes } from "../../lib/hash-route";
import type { RunProblem } from "../../../session/run-snapshot";

const TITLES: Record<RunProblem["kind"], string> = {
  "token-missing": "A Hugging Face token is needed",
  "key-missing": "An endpoint key is needed",
  "sandbox-down": "The sandbox is not running",
  "already-running": "A run is in progress",
  failed: "The run failed",
  storage: "Saving to this browser failed",
};

export function RunProblemNotice({ problem }: { problem: RunProblem }) {
  return (
    <Notice tone="error" title={TITLES[problem.kind]}>
      <p>{problem.message}</p>
      {problem.kind === "token-missing" || problem.kind === "key-missing" || problem.kind === "sandbox-down" ? (
        <p>
          <a href={routes.settings()}>Open Settings</a>
        </p>
      ) : null}
    </Notice>
  );
}

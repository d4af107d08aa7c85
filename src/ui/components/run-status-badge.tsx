import type { RunStatus } from "../../store/db";
import { Badge } from "./ui/badge";

const TONES: Record<RunStatus, "neutral" | "warning" | "success" | "error"> = {
  running: "neutral",
  completed: "success",
  aborted: "warning",
  interrupted: "warning",
  failed: "error",
};

interface RunStatusBadgeProps {
  status: RunStatus;
  testId?: string;
}

export function RunStatusBadge({ status, testId }: RunStatusBadgeProps) {
  return (
    <span data-testid={testId}>
      <Badge tone={TONES[status]}>{status}</Badge>
    </span>
  );
}

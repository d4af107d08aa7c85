import type { RecordsReadProgress } from "../../../../store/queries";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { formatCount } from "../../../components/ui/format";

/** Stands where the charts, outputs and records will be while a large run's records are read. */
export function RecordsLoading(props: { progress: RecordsReadProgress | null }) {
  const { progress } = props;
  return (
    <div className="pb-records-loading" data-testid="records-loading" role="status">
      <p className="empty">
        Loading records…{progress !== null && progress.total > 0 ? ` ${formatCount(progress.loaded)} of ${formatCount(progress.total)}` : ""}
      </p>
      {progress !== null && progress.total > 0 ? <ProgressBar value={progress.loaded} max={progress.total} label="Records read" /> : null}
    </div>
  );
}

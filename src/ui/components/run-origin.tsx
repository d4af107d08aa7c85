// Where a run was made, as a tag beside its name: shown for runs that came from a file (a bundle, a
// records file, another tool), so runs of the same scenario from two places are told apart.
import { describeOrigin, originLabel } from "../../core/io/bundle";
import type { StoredRun } from "../../store/db";

export function RunOriginTag({ run }: { run: Pick<StoredRun, "origin" | "imported"> }) {
  if (run.origin === undefined) return null;
  const imported = run.imported === undefined ? "" : ` · imported from ${run.imported.fileName}`;
  return (
    <span className="badge badge-neutral run-origin" data-testid="run-origin" title={`${describeOrigin(run.origin)}${imported}`}>
      <span className="visually-hidden">made at </span>
      {originLabel(run.origin)}
    </span>
  );
}

/** A run's name in lists and diffs: "eu-west-1" for one from elsewhere, null for one made here. */
export function runOriginName(run: Pick<StoredRun, "origin">): string | null {
  return run.origin === undefined ? null : originLabel(run.origin);
}

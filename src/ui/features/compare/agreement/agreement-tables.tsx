// Agreement across targets for the same input (core/agreement): one matrix per measure of the run's task.
import { useMemo } from "react";
import { AgreementAccumulator, type MeasureAgreement, agreementMeasures } from "../../../../core/agreement";
import type { RequestRecord } from "../../../../core/record";
import { formatValueIn, MISSING } from "../../../components/ui/format";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import type { TargetInfo } from "../target-info";
import "../compare.css";

export function measureAgreements(task: string, records: readonly RequestRecord[], targetIds: readonly string[]): MeasureAgreement[] {
  const accumulator = new AgreementAccumulator(task);
  for (const record of records) accumulator.add(record);
  return accumulator.result(targetIds);
}

/** Every agreement measure of the task, or why there is none. */
export function AgreementTables(props: { task: string; records: readonly RequestRecord[]; targets: readonly TargetInfo[] }) {
  const { task, records, targets } = props;
  const results = useMemo(() => measureAgreements(task, records, targets.map((target) => target.id)), [task, records, targets]);
  if (agreementMeasures(task).length === 0) return <p className="pb-empty">No agreement figure is defined for {task} outputs yet: compare them side by side above.</p>;
  if (targets.length < 2) return <p className="pb-empty">Agreement needs at least two targets.</p>;
  return (
    <div className="pb-agreement" data-testid="agreement-tables">
      {results.map((result) => (
        <AgreementMatrix key={result.measure.id} result={result} targets={targets} />
      ))}
    </div>
  );
}

function AgreementMatrix(props: { result: MeasureAgreement; targets: readonly TargetInfo[] }) {
  const { result, targets } = props;
  const { measure } = result;
  const cell = (referenceId: string, otherId: string) => result.pairs.find((pair) => pair.referenceId === referenceId && pair.otherId === otherId);
  const captionId = `agreement-${measure.id}`;
  return (
    <figure className="pb-agreement-measure" data-testid="agreement-measure" data-measure-id={measure.id}>
      <figcaption id={captionId}>
        <strong>{measure.label}</strong> <span className="pb-muted">({measure.better === "higher" ? "higher" : "lower"} means closer)</span>
        <br />
        <span className="pb-muted">
          {measure.definition}
          {measure.directed ? " Rows: the reference; columns: the target judged." : ""}
        </span>
      </figcaption>
      {result.unanimousShare !== null && (
        <p data-testid="agreement-unanimous">
          All targets agree on {formatValueIn("fraction", result.unanimousShare)} of {result.unanimousInputs} inputs.
        </p>
      )}
      <div className="pb-table-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className="pb-table">
          <thead>
            <tr>
              <th scope="col">{measure.directed ? "Reference ↓ / judged →" : "Target"}</th>
              {targets.map((target) => (
                <th key={target.id} scope="col">
                  <TargetSwatch color={target.color} />
                  {target.label}
                </th>
              ))}
              <th scope="col">Mean with the others</th>
            </tr>
          </thead>
          <tbody>
            {targets.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  <TargetSwatch color={row.color} />
                  {row.label}
                </th>
                {targets.map((column) => {
                  if (column.id === row.id) return <td key={column.id} className="pb-muted">—</td>;
                  const pair = cell(row.id, column.id);
                  return (
                    <td key={column.id} data-pair={`${row.id}→${column.id}`} title={pair === undefined ? undefined : `${pair.inputs} inputs compared`}>
                      {pair?.value == null ? MISSING : formatValueIn(measure.unit, pair.value)}
                      {pair !== undefined && pair.inputs > 0 ? <span className="pb-muted"> · n={pair.inputs}</span> : null}
                    </td>
                  );
                })}
                <td data-target-mean={row.id}>{formatValueIn(measure.unit, result.perTarget.get(row.id) ?? null)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

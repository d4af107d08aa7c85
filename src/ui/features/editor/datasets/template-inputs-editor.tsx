// Inputs as a Jinja template over a table of variables: the template (syntax errors at their line and
// column as it is typed), the system message for chat, the rows (typed, or imported from CSV/JSONL with a
// column mapping), each row's rendered input, and every row checked off the main thread before a run.
import { useEffect, useId, useMemo, useState } from "react";
import type { DatasetRow } from "../../../../core/datasets";
import type { ScenarioError } from "../../../../core/scenario";
import type { TemplateCheck } from "../../../../core/template/template-preview";
import { formatTemplateError, parseTemplateWithPosition } from "../../../../core/template/template-errors";
import { templateVariables } from "../../../../core/template/template-variables";
import { DatasetImport } from "./dataset-import";
import { checkTemplateOffThread } from "./off-thread";
import { TemplateField } from "./template-field";
import { columnsOf, readTemplateInputs, type TemplateInputsDraft, type TemplateInputsValue } from "./template-inputs-value";
import { VariablesTable } from "./variables-table";
import "./datasets.css";

export interface TemplateInputsEditorProps {
  /** The scenario's `inputs` as edited: a template object, maybe half-typed. */
  value: TemplateInputsDraft;
  onChange(next: TemplateInputsValue): void;
  /** Validation errors about `inputs…` (paths as the CLI prints them), shown under the table. */
  errors?: readonly ScenarioError[];
  /** Chat has a system message; other tasks do not. */
  task: string;
}

/** Typing pauses this long before every row is checked again. */
const CHECK_DELAY_MS = 250;

export function TemplateInputsEditor({ value, onChange, errors = [], task }: TemplateInputsEditorProps) {
  const inputs = useMemo(() => readTemplateInputs(value), [value]);
  const { template: source, variables: rows } = inputs;
  const systemId = useId();
  const parsed = useMemo(() => (source === "" ? null : parseTemplateWithPosition(source)), [source]);
  const variablesRead = useMemo(() => templateVariables(source), [source]);
  const columns = useMemo(() => {
    const present = columnsOf(rows);
    return [...present, ...(rows.length === 0 ? variablesRead.filter((name) => !present.includes(name)) : [])];
  }, [rows, variablesRead]);
  const check = useRowsCheck(parsed?.ok === true ? source : null, rows);

  const change = (patch: Partial<TemplateInputsValue>): void => onChange({ ...inputs, ...patch });
  return (
    <div className="template-inputs-editor" data-testid="template-inputs-editor">
      <TemplateField value={source} onChange={(template) => change({ template })} />
      {task === "chat-completion" ? (
        <div className="dataset-field">
          <label htmlFor={systemId}>System message (optional)</label>
          <textarea
            id={systemId}
            rows={2}
            value={inputs.system ?? ""}
            onChange={(event) => change({ system: event.target.value === "" ? undefined : event.target.value })}
          />
        </div>
      ) : null}
      <h4 className="dataset-heading">Variables: one row per input</h4>
      <DatasetImport templateVariables={variablesRead} onRows={(variables) => change({ variables })} />
      <VariablesTable
        rows={rows}
        columns={columns}
        template={parsed?.ok === true ? parsed.template : null}
        source={source}
        onRowsChange={(variables: DatasetRow[]) => change({ variables })}
      />
      <CheckSummary rowCount={rows.length} check={check} errors={errors} />
    </div>
  );
}

/** Every row rendered within the run's limits, off the main thread, a moment after the last change. */
function useRowsCheck(source: string | null, rows: readonly DatasetRow[]): TemplateCheck | null {
  const [check, setCheck] = useState<{ for: [string, readonly DatasetRow[]]; result: TemplateCheck } | null>(null);
  useEffect(() => {
    if (source === null) return;
    let current = true;
    const timer = setTimeout(() => {
      void checkTemplateOffThread(source, rows as DatasetRow[]).then((result) => {
        if (current) setCheck({ for: [source, rows], result });
      });
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [source, rows]);
  // A check of an older template or table says nothing about this one.
  return check !== null && check.for[0] === source && check.for[1] === rows ? check.result : null;
}

function CheckSummary({ rowCount, check, errors }: { rowCount: number; check: TemplateCheck | null; errors: readonly ScenarioError[] }) {
  const count = rowCount.toLocaleString("en-US");
  const problems = [
    ...(check?.limit ? [check.limit] : []),
    ...(check?.rowErrors.map((row) => `row ${row.index + 1}: ${formatTemplateError(row.error)}`) ?? []),
    ...(check && check.failedRows > check.rowErrors.length ? [`… and ${check.failedRows - check.rowErrors.length} more rows`] : []),
    ...errors.map((error) => (error.path ? `${error.path}: ${error.message}` : error.message)),
  ];
  return (
    <div className="template-check" aria-live="polite" data-testid="template-check">
      {check === null ? (
        <p className="hint">{rowCount === 0 ? "No rows yet: import a file or add a row." : `${count} inputs; checking every row…`}</p>
      ) : problems.length === 0 ? (
        <p className="hint" data-testid="template-check-ok">
          {count} input{rowCount === 1 ? "" : "s"}, every row renders.
        </p>
      ) : null}
      {check !== null && check.unfilledVariables.length > 0 ? (
        <p className="field-warning">
          The template reads {check.unfilledVariables.map((name) => `“${name}”`).join(", ")}, which no row fills: it would print nothing there.
        </p>
      ) : null}
      {problems.length > 0 ? (
        <ul className="field-error dataset-errors" data-testid="template-row-errors">
          {problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

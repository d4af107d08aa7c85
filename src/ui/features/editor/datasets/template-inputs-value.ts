// The template inputs as the editor holds them (plain JSON, maybe half-typed), read into one shape.
import type { CellValue, DatasetRow } from "../../../../core/datasets";

export interface TemplateInputsValue {
  template: string;
  system?: string | undefined;
  variables: DatasetRow[];
}

/** What the scenario's `inputs` may hold while it is being edited: anything, read leniently. */
export type TemplateInputsDraft = { template?: unknown; system?: unknown; variables?: unknown } | null | undefined;

export function readTemplateInputs(draft: TemplateInputsDraft): TemplateInputsValue {
  const template = typeof draft?.template === "string" ? draft.template : "";
  const system = typeof draft?.system === "string" ? draft.system : undefined;
  const variables = Array.isArray(draft?.variables) ? draft.variables.filter(isRow) : [];
  return { template, ...(system === undefined ? {} : { system }), variables };
}

function isRow(value: unknown): value is DatasetRow {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Columns in first-seen order over every row. */
export function columnsOf(rows: readonly DatasetRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

export function cellText(value: CellValue | undefined): string {
  return value === undefined ? "" : String(value);
}

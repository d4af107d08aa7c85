// Which template variable each column fills: by default a column fills the variable of its own name;
// a column can be renamed to another variable or left out. The variables the template reads that no
// column fills are named, since an unknown variable renders as nothing rather than failing.
import type { DatasetRow, DatasetTable } from "./dataset";

/** Column name → the template variable it fills, or null to leave the column out. Absent: the column's own name. */
export type ColumnMapping = Readonly<Record<string, string | null>>;

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface MappingProblem {
  column: string;
  message: string;
}

export function checkColumnMapping(columns: readonly string[], mapping: ColumnMapping): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const filledBy = new Map<string, string>();
  for (const column of columns) {
    const variable = variableOf(column, mapping);
    if (variable === null) continue;
    if (!VARIABLE_NAME.test(variable)) {
      problems.push({ column, message: `${JSON.stringify(variable)} cannot be a template variable: letters, digits and _ only, not starting with a digit` });
      continue;
    }
    const other = filledBy.get(variable);
    if (other !== undefined) problems.push({ column, message: `fills ${variable}, which column ${JSON.stringify(other)} fills already` });
    else filledBy.set(variable, column);
  }
  return problems;
}

export function variableOf(column: string, mapping: ColumnMapping): string | null {
  const mapped = mapping[column];
  return mapped === undefined ? column : mapped === null || mapped.trim() === "" ? null : mapped.trim();
}

/** The template variables each row fills, in the scenario's `inputs.variables` form. */
export function mapRows(table: DatasetTable, mapping: ColumnMapping): DatasetRow[] {
  const pairs = table.columns.flatMap((column) => {
    const variable = variableOf(column, mapping);
    return variable === null ? [] : [[column, variable] as const];
  });
  return table.rows.map((row) => {
    const variables: DatasetRow = {};
    for (const [column, variable] of pairs) if (row[column] !== undefined) variables[variable] = row[column];
    return variables;
  });
}

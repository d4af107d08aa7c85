// What a template makes of each row of variables, before anything is sent: one row rendered on demand
// (the preview shows the rows on screen), and every row checked, each error placed in the template.
import { createTemplateBudget, renderTemplate, TemplateLimitError, TEMPLATE_LIMITS, type TemplateLimits } from "./template";
import { locateRenderError, parseTemplateWithPosition, type TemplateError } from "./template-errors";
import { templateVariables } from "./template-variables";

type Template = Extract<ReturnType<typeof parseTemplateWithPosition>, { ok: true }>["template"];

/** One row on screen: a template slow on one row must not hold the page for the run's whole budget. */
export const PREVIEW_ROW_LIMITS: TemplateLimits = { ...TEMPLATE_LIMITS, maxMs: 250, maxWork: TEMPLATE_LIMITS.maxWork / 4 };

export type RowRendering = { ok: true; text: string } | { ok: false; error: TemplateError };

export interface TemplateCheck {
  /** The template's syntax error, placed; null when it parses. */
  syntax: TemplateError | null;
  /** Rows that fail to render (0-based index), the first few, each error placed. */
  rowErrors: { index: number; error: TemplateError }[];
  /** Rows that failed in all (rowErrors keeps the first ones only). */
  failedRows: number;
  /** A limit hit while checking: the template is at fault, and later rows were not tried. */
  limit: string | null;
  /** Variables the template reads that no row provides: they would render as nothing. */
  unfilledVariables: string[];
}

const ROW_ERRORS_KEPT = 20;

export function renderRow(template: Template, source: string, row: Record<string, unknown>, limits: TemplateLimits = PREVIEW_ROW_LIMITS): RowRendering {
  try {
    return { ok: true, text: renderTemplate(template, row, createTemplateBudget(limits)) };
  } catch (error) {
    if (error instanceof TemplateLimitError || error instanceof RangeError) return { ok: false, error: { message: error.message, position: null } };
    return { ok: false, error: locateRenderError(source, error) };
  }
}

/** Every row rendered within the run's own limits (all rows together), as the run's preflight will. */
export function checkTemplateRows(source: string, rows: readonly Record<string, unknown>[], limits: TemplateLimits = TEMPLATE_LIMITS): TemplateCheck {
  const parsed = parseTemplateWithPosition(source);
  if (!parsed.ok) return { syntax: parsed.error, rowErrors: [], failedRows: 0, limit: null, unfilledVariables: [] };
  const budget = createTemplateBudget(limits);
  const rowErrors: TemplateCheck["rowErrors"] = [];
  let failedRows = 0;
  let limit: string | null = null;
  for (const [index, row] of rows.entries()) {
    try {
      renderTemplate(parsed.template, row, budget);
    } catch (error) {
      if (error instanceof TemplateLimitError || error instanceof RangeError) {
        limit = `${error.message} (stopped at row ${index + 1})`;
        break;
      }
      failedRows++;
      if (rowErrors.length < ROW_ERRORS_KEPT) rowErrors.push({ index, error: locateRenderError(source, error) });
    }
  }
  const provided = new Set(rows.flatMap((row) => Object.keys(row)));
  const unfilledVariables = rows.length === 0 ? [] : templateVariables(source).filter((name) => !provided.has(name));
  return { syntax: null, rowErrors, failedRows, limit, unfilledVariables };
}

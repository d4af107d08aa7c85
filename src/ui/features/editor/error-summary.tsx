// Every problem of the draft in one list, each a link to its field (the form shows it there too).
import type { ScenarioError } from "../../../core/scenario";
import { fieldId } from "./draft-paths";
import type { DraftValidation } from "./use-draft-validation";

/** The form field an error belongs to: its own, or the closest enclosing one the form has. */
function anchorFor(error: ScenarioError): string {
  if (error.path === "") return "editor-json";
  const segments = error.path.match(/[^.[\]]+/g) ?? [];
  const top = segments[0] ?? "";
  if (top === "targets" && segments.length >= 2) return fieldId(["targets", Number(segments[1]), ...(segments[2] ? [segments[2]] : [])]);
  if (top === "inputs") return segments.length >= 2 && /^\d+$/.test(segments[1]!) ? fieldId(["inputs", Number(segments[1])]) : "field-inputs";
  return fieldId(segments);
}

export function ErrorSummary({ validation }: { validation: DraftValidation }) {
  const { errors } = validation;
  return (
    <div className="editor-status" role="status" aria-live="polite" data-testid="editor-status">
      {validation.state === "valid" ? <p className="editor-valid">The scenario is valid.</p> : null}
      {validation.state === "checking" && errors.length === 0 ? <p className="hint">Checking…</p> : null}
      {errors.length > 0 ? (
        <>
          <p className="editor-invalid">
            {errors.length} problem{errors.length === 1 ? "" : "s"} to fix before saving:
          </p>
          <ul className="error-list" aria-label="Problems in the scenario">
            {errors.map((error, index) => (
              <li key={index}>
                <a href={`#${anchorFor(error)}`} onClick={(event) => focusField(event, anchorFor(error))}>
                  {error.path ? <code>{error.path}</code> : null} {error.message}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The page's routing lives in the hash, so a link to a field focuses it instead of navigating. */
function focusField(event: { preventDefault(): void }, id: string): void {
  event.preventDefault();
  const element = document.getElementById(id);
  element?.scrollIntoView({ block: "center" });
  (element?.matches("input, select, textarea") ? element : element?.querySelector<HTMLElement>("input, select, textarea"))?.focus();
}

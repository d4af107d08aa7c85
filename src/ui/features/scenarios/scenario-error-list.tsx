import type { ScenarioError } from "../../../core/scenario/types";

/** Validation errors, each with the path of the field it is about. */
export function ScenarioErrorList({ errors }: { errors: ScenarioError[] }) {
  return (
    <ul className="error-list" aria-label="Problems in the scenario">
      {errors.map((error, index) => (
        <li key={index}>
          {error.path ? <code>{error.path}</code> : null} {error.message}
        </li>
      ))}
    </ul>
  );
}

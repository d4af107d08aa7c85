import type { ScenarioError } from "../../../core/scenario";

/**
 * A field's errors under it, with the same path text as the CLI. The id lets the field name it in
 * aria-describedby, so a screen reader reads the error with the field.
 */
export function FieldErrors({ id, errors }: { id: string; errors: readonly ScenarioError[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className="field-errors" id={id}>
      {errors.map((error, index) => (
        <li key={index}>
          {error.path ? <code>{error.path}</code> : null} {error.message}
        </li>
      ))}
    </ul>
  );
}

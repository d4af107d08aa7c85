// The template's source, with its syntax error at its line and column as soon as it is typed.
import { useId, useMemo } from "react";
import { formatTemplateError, parseTemplateWithPosition } from "../../../../core/template/template-errors";

interface TemplateFieldProps {
  value: string;
  onChange(next: string): void;
}

export function TemplateField({ value, onChange }: TemplateFieldProps) {
  const id = useId();
  const parsed = useMemo(() => (value === "" ? null : parseTemplateWithPosition(value)), [value]);
  const error = parsed !== null && !parsed.ok ? parsed.error : null;
  return (
    <div className={`dataset-field${error ? " has-errors" : ""}`}>
      <label htmlFor={id}>Template (Jinja)</label>
      <textarea
        id={id}
        className="code-input"
        rows={4}
        spellCheck={false}
        value={value}
        placeholder="In {{ words }} words, explain {{ topic }}."
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="hint" id={`${id}-hint`}>
        Rendered once per row below; <code>{"{{ name }}"}</code> prints the row’s <code>name</code>.
      </span>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert" data-testid="template-syntax-error">
          {formatTemplateError(error)}
        </p>
      ) : null}
    </div>
  );
}

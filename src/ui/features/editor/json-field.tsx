// A field holding a JSON value (an object input, parameters, a sweep, or the whole scenario). Its text is
// the user's while it does not parse; once it parses, the value goes into the draft. A change made
// elsewhere (the form, or the JSON view) rewrites the text.
import { useState, type ReactNode } from "react";
import { formatJsonSyntaxError, parseJsonText } from "../../../core/text";
import { fieldId, getAt, type FieldPath } from "./draft-paths";
import { useEditor, useFieldErrors } from "./editor-context";
import { FieldErrors } from "./field-errors";

interface JsonFieldProps {
  path: FieldPath;
  label: string;
  hint?: ReactNode;
  rows?: number;
  /** Refuses a parsed value with a reason (the whole scenario must stay an object), or lets it in with null. */
  accept?: (value: unknown) => string | null;
  className?: string;
}

export function formatJson(value: unknown): string {
  return value === undefined ? "" : JSON.stringify(value, null, 2);
}

export function JsonField({ path, label, hint, rows = 4, accept, className }: JsonFieldProps) {
  const { draft, update } = useEditor();
  const value = path.length === 0 ? draft : getAt(draft, path);
  const canonical = formatJson(value);
  // The text as typed, and the value it stood for when typed: when the value moves on, the text follows.
  const [typed, setTyped] = useState<{ text: string; forValue: string } | null>(null);
  const [syntaxError, setSyntaxError] = useState<string | null>(null);
  const showsTyped = typed !== null && typed.forValue === canonical;
  const text = showsTyped ? typed.text : canonical;
  const errors = useFieldErrors(path, true);
  const id = fieldId(path);
  const errorId = `${id}-errors`;

  const onChange = (next: string): void => {
    if (next.trim() === "" && path.length > 0) {
      setSyntaxError(null);
      setTyped({ text: next, forValue: "" });
      update(path, undefined);
      return;
    }
    const json = parseJsonText(next);
    if (!json.ok) {
      // The place as the command line names it in a file (core/text/json-text.ts), whatever this browser's wording.
      setSyntaxError(`not valid JSON: ${formatJsonSyntaxError(json.error)}`);
      setTyped({ text: next, forValue: canonical });
      return;
    }
    const parsed = json.value;
    const refused = accept ? accept(parsed) : null;
    if (refused !== null) {
      setSyntaxError(refused);
      setTyped({ text: next, forValue: canonical });
      return;
    }
    setSyntaxError(null);
    setTyped({ text: next, forValue: formatJson(parsed) });
    update(path, parsed);
  };

  const shownSyntaxError = showsTyped ? syntaxError : null;
  const invalid = shownSyntaxError !== null || errors.length > 0;
  return (
    <div className={`editor-field json-field${invalid ? " has-errors" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="code-input"
        rows={rows}
        spellCheck={false}
        value={text}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <FieldErrors id={errorId} errors={shownSyntaxError !== null ? [{ path: "", message: shownSyntaxError }] : errors} />
    </div>
  );
}

// The editor's form fields. Each reads its value from the draft by path and writes it back: an emptied
// field removes its key (the scenario's default applies), and text that is not a number is kept as typed
// so validation names the field instead of the value silently vanishing.
import type { ReactNode } from "react";
import { fieldId, getAt, type FieldPath } from "./draft-paths";
import { useEditor, useFieldErrors } from "./editor-context";
import { FieldErrors } from "./field-errors";

interface FieldProps {
  path: FieldPath;
  label: string;
  hint?: ReactNode;
}

function FieldFrame({ path, label, hint, children, nestedErrors = false }: FieldProps & { children: (props: ControlProps) => ReactNode; nestedErrors?: boolean }) {
  const errors = useFieldErrors(path, nestedErrors);
  const id = fieldId(path);
  const describedBy = [hint ? `${id}-hint` : null, errors.length > 0 ? `${id}-errors` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`editor-field${errors.length > 0 ? " has-errors" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": errors.length > 0 ? true : undefined })}
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}

interface ControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

export function TextField({ multiline = false, placeholder, list, ...props }: FieldProps & { multiline?: boolean; placeholder?: string; list?: string }) {
  const { draft, update } = useEditor();
  const value = getAt(draft, props.path);
  const text = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
  const onChange = (next: string): void => update(props.path, next === "" ? undefined : next);
  return (
    <FieldFrame {...props}>
      {(control) =>
        multiline ? (
          <textarea {...control} rows={3} value={text} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input {...control} type="text" list={list} value={text} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
        )
      }
    </FieldFrame>
  );
}

/** A number, or the text as typed when it is not one (validation then names the field). */
export function parseNumberText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : text;
}

export function NumberField({ placeholder, ...props }: FieldProps & { placeholder?: string }) {
  const { draft, update } = useEditor();
  const value = getAt(draft, props.path);
  const text = value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  return (
    <FieldFrame {...props}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="decimal"
          value={text}
          placeholder={placeholder}
          onChange={(event) => update(props.path, parseNumberText(event.target.value))}
        />
      )}
    </FieldFrame>
  );
}

/** Unset, true or false: unset leaves the scenario's default. */
export function CheckboxField(props: FieldProps) {
  const { draft, update } = useEditor();
  const errors = useFieldErrors(props.path);
  const id = fieldId(props.path);
  return (
    <div className={`editor-field editor-checkbox${errors.length > 0 ? " has-errors" : ""}`}>
      <input
        id={id}
        type="checkbox"
        checked={getAt(draft, props.path) === true}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={errors.length > 0 ? `${id}-errors` : undefined}
        onChange={(event) => update(props.path, event.target.checked)}
      />
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? <span className="hint">{props.hint}</span> : null}
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A choice among options; a value the list does not have (typed in the JSON) is kept and shown as is. */
export function SelectField({
  options,
  emptyLabel,
  onSelect,
  ...props
}: FieldProps & { options: readonly SelectOption[]; emptyLabel?: string; /** Instead of writing the value at path. */ onSelect?: (value: string) => void }) {
  const { draft, update } = useEditor();
  const value = getAt(draft, props.path);
  const current = typeof value === "string" ? value : "";
  const known = options.some((option) => option.value === current);
  return (
    <FieldFrame {...props}>
      {(control) => (
        <select
          {...control}
          value={current}
          onChange={(event) => (onSelect ? onSelect(event.target.value) : update(props.path, event.target.value === "" ? undefined : event.target.value))}
        >
          {emptyLabel !== undefined || current === "" ? <option value="">{emptyLabel ?? "—"}</option> : null}
          {!known && current !== "" ? <option value={current}>{current}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export { FieldFrame };

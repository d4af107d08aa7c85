import { useId, useState, type FormEvent } from "react";

interface RenameFormProps {
  name: string;
  onRename: (name: string) => void;
  onCancel: () => void;
}

/** Renames in place; Escape or Cancel leaves the name as it was. */
export function RenameForm({ name, onRename, onCancel }: RenameFormProps) {
  const [value, setValue] = useState(name);
  const inputId = useId();
  const trimmed = value.trim();
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (trimmed !== "") onRename(trimmed);
  };
  return (
    <form className="form-row rename-form" onSubmit={submit}>
      <label htmlFor={inputId}>New name</label>
      <input
        id={inputId}
        value={value}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => event.key === "Escape" && onCancel()}
        aria-invalid={trimmed === ""}
      />
      <button type="submit" className="button" disabled={trimmed === ""}>
        Save name
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

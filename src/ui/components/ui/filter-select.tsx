import "./ui.css";

/** A labelled select for narrowing a list; the empty choice, "All", means no filter (null). */
export function FilterSelect<T extends string>(props: {
  label: string;
  value: T | null;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | null) => void;
}) {
  return (
    <label className="pb-filter">
      <span>{props.label}</span>
      <select
        value={props.value ?? ""}
        onChange={(event) => {
          const chosen = props.options.find((option) => option.value === event.target.value);
          props.onChange(chosen?.value ?? null);
        }}
      >
        <option value="">All</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

import "./ui.css";

/** The small colour square that ties a table row to its series in the charts. */
export function TargetSwatch(props: { color: string }) {
  return <span className="pb-swatch" style={{ backgroundColor: props.color }} aria-hidden="true" />;
}

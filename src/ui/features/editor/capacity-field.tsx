// run.load.findCapacity's SLO as one text field (docs/capacity.md): typed objectives or a preset's name
// from the list. Emptied, the whole search goes (its other settings mean nothing without it).
import { CAPACITY_PRESETS } from "../../../core/scenario/capacity-slo";
import { getAt, isPlainObject } from "./draft-paths";
import { useEditor } from "./editor-context";
import { FieldFrame } from "./fields";

const PATH = ["run", "load", "findCapacity", "slo"];

export function CapacitySloField() {
  const { draft, update } = useEditor();
  const search = getAt(draft, ["run", "load", "findCapacity"]);
  const slo = isPlainObject(search) && typeof search.slo === "string" ? search.slo : "";
  const onChange = (text: string): void => update(["run", "load", "findCapacity"], text === "" ? undefined : { ...(isPlainObject(search) ? search : {}), slo: text });
  return (
    <FieldFrame
      path={PATH}
      label="Find capacity under an SLO (optional)"
      hint={`each target's highest rate (open loop) or concurrency (closed loop) that meets it: e.g. ttftMs.p95<=500,itlMs.p95<=50,failureRate<=1%, or ${Object.keys(CAPACITY_PRESETS).join(", ")}`}
    >
      {(control) => (
        <>
          <input {...control} type="text" list="capacity-slo-presets" value={slo} placeholder="ttftMs.p95<=500" onChange={(event) => onChange(event.target.value)} />
          <datalist id="capacity-slo-presets">
            {Object.keys(CAPACITY_PRESETS).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </>
      )}
    </FieldFrame>
  );
}

// How the scenario runs: repetitions, concurrency, timeouts, retries, and the load model (run.load).
import { getAt, isPlainObject } from "./draft-paths";
import { useEditor } from "./editor-context";
import { NumberField, SelectField } from "./fields";
import { JsonField } from "./json-field";
import { CapacitySloField } from "./capacity-field";

export function RunSettingsSection() {
  const { draft, update } = useEditor();
  const load = getAt(draft, ["run", "load"]);
  const mode = isPlainObject(load) ? load.mode : undefined;
  return (
    <fieldset className="editor-section">
      <legend>Run settings</legend>
      <div className="editor-grid">
        <NumberField path={["run", "repetitions"]} label="Repetitions" placeholder="1" hint="Each input is sent this many times to each target." />
        <NumberField path={["run", "warmup"]} label="Warm-up requests per target" placeholder="0" />
        <NumberField path={["run", "concurrency"]} label="Concurrency" placeholder="1" />
        <NumberField path={["run", "perTargetConcurrency"]} label="Per-target concurrency" placeholder="as concurrency" />
        <NumberField path={["run", "timeoutMs"]} label="Timeout (ms)" placeholder="60000" />
        <NumberField path={["run", "retry", "maxAttempts"]} label="Attempts per request" placeholder="1" hint="1 means no retry." />
      </div>
      <SelectField
        path={["run", "load", "mode"]}
        label="Load"
        emptyLabel="Closed loop, default (concurrency requests in flight)"
        // Back to the default drops the whole load block, not just its mode.
        onSelect={(value) => update(["run", "load"], value === "" ? undefined : { ...(isPlainObject(load) ? load : {}), mode: value })}
        options={[
          { value: "closed", label: "Closed loop (concurrency in flight)" },
          { value: "open", label: "Open loop (a rate of arrivals)" },
        ]}
      />
      {mode !== undefined ? (
        <div className="editor-grid">
          {mode === "open" ? (
            <>
              <NumberField path={["run", "load", "rate"]} label="Rate (per second, per target)" />
              <SelectField
                path={["run", "load", "arrival"]}
                label="Arrivals"
                emptyLabel="Poisson (default)"
                options={[
                  { value: "constant", label: "Constant" },
                  { value: "poisson", label: "Poisson" },
                  { value: "gamma", label: "Gamma (burstiness)" },
                ]}
              />
              <NumberField path={["run", "load", "maxInFlight"]} label="Max in flight per target" />
            </>
          ) : null}
          <NumberField path={["run", "load", "durationMs"]} label="Duration (ms)" />
          <NumberField path={["run", "load", "requests"]} label="Requests per target" />
        </div>
      ) : null}
      {mode !== undefined ? <JsonField path={["run", "load", "sweep"]} label="Sweep (JSON, optional)" rows={2} hint='e.g. { "over": "concurrency", "levels": [1, 2, 4] }' /> : null}
      {mode !== undefined ? <CapacitySloField /> : null}
      <JsonField path={["run", "parameterSweep"]} label="Parameter sweep (JSON, optional)" rows={2} hint='a stage per level, e.g. { "parameter": "reasoning_effort", "levels": ["low", "medium", "high"] }' />
    </fieldset>
  );
}

// Multi-turn sessions' inputs (inputs.sessions, docs/workloads.md "Multi-turn sessions"): synthetic turns of
// drawn lengths or a ShareGPT file, the number of sessions, the think time and the seed. A length or think
// time written as a distribution shows as its JSON; the JSON view edits it whole.
import { useId } from "react";
import { getAt, isPlainObject } from "./draft-paths";
import { useEditor, useFieldErrors } from "./editor-context";
import { FieldErrors } from "./field-errors";
import { NumberField, TextField } from "./fields";

const AT = ["inputs", "sessions"] as const;
const DISTRIBUTION_HINT = "a number, or a distribution ({ \"uniform\": { \"min\", \"max\" } }, …) in the JSON view";

/** A new set of synthetic turns, as the bundled multi-turn scenario has them. */
export const NEW_SYNTHETIC_TURNS = { turns: 5, inputTokens: 96, outputTokens: 48 };

export function SessionInputs() {
  const { draft, update } = useEditor();
  const sessions = getAt(draft, [...AT]);
  const fromFile = isPlainObject(sessions) && sessions.synthetic === undefined && sessions.file !== undefined;
  const errors = useFieldErrors([...AT]);
  const sourceName = useId();
  const setSource = (file: boolean): void => {
    if (file === fromFile) return;
    const { synthetic: _synthetic, file: _file, ...rest } = isPlainObject(sessions) ? sessions : {};
    update([...AT], file ? { ...rest, file: "conversations.json" } : { ...rest, synthetic: NEW_SYNTHETIC_TURNS });
  };
  return (
    <div className="session-inputs" data-testid="session-inputs">
      <p className="hint">Each session is a conversation: every turn sends the messages before it, the target&apos;s own answers included, after the think time.</p>
      <div className="target-kind" role="radiogroup" aria-label="Turns from">
        <label>
          <input type="radio" name={sourceName} checked={!fromFile} onChange={() => setSource(false)} /> Synthetic turns
        </label>
        <label>
          <input type="radio" name={sourceName} checked={fromFile} onChange={() => setSource(true)} /> A ShareGPT file
        </label>
      </div>
      {fromFile ? (
        <TextField path={[...AT, "file"]} label="ShareGPT file" hint="[{ id, conversations: [{ from: human | gpt, value }] }]: the human turns are sent" />
      ) : (
        <>
          <NumberField path={[...AT, "synthetic", "turns"]} label="Turns per session" />
          <NumberField path={[...AT, "synthetic", "inputTokens"]} label="Tokens of each new message" hint={DISTRIBUTION_HINT} />
          <NumberField path={[...AT, "synthetic", "outputTokens"]} label="Tokens of each answer" hint={DISTRIBUTION_HINT} />
          <NumberField path={[...AT, "synthetic", "prefixTokens"]} label="Shared prefix tokens (first messages)" hint="optional" />
        </>
      )}
      <NumberField path={[...AT, "count"]} label="Sessions" placeholder="20" />
      <NumberField path={[...AT, "thinkTimeMs"]} label="Think time before each later turn (ms)" placeholder="0" hint={DISTRIBUTION_HINT} />
      <NumberField path={[...AT, "seed"]} label="Seed" placeholder="1" />
      <FieldErrors id="session-inputs-errors" errors={errors} />
    </div>
  );
}


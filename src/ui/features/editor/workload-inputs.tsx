// The fields of the inputs ProviderBench makes itself (docs/workloads.md): prompts of exact token lengths
// (`inputs.synthetic`) and a production trace replayed at its times (`inputs.trace`). A length may be a
// number or a distribution, and a tokenizer a name or a file, so those are JSON fields.
import { FilePicker } from "./input-file-pickers";
import { NumberField, SelectField, TextField } from "./fields";
import { JsonField } from "./json-field";

const SYNTHETIC = ["inputs", "synthetic"] as const;
const TRACE = ["inputs", "trace"] as const;

const LENGTH_HINT = 'Tokens: 512, or { "uniform": { "min": 128, "max": 1024 } }, { "normal": … }, { "values": […], "weights": […] }.';
const TOKENIZER_HINT = '"o200k_base" (the default) or "cl100k_base", offline; or { "file": "tokenizer.json" }, a model\'s own.';

export function SyntheticInputFields() {
  return (
    <div className="editor-grid">
      <JsonField path={[...SYNTHETIC, "inputTokens"]} label="Input tokens" rows={1} hint={LENGTH_HINT} />
      <JsonField path={[...SYNTHETIC, "outputTokens"]} label="Output tokens asked for" rows={1} hint="As input tokens: each request asks its answer's length (max_tokens, and min_tokens where honoured)." />
      <NumberField path={[...SYNTHETIC, "prefixTokens"]} label="Shared prefix tokens" hint="Leading tokens every prompt shares (a system prompt a prefix cache can keep)." />
      <NumberField path={[...SYNTHETIC, "count"]} label="Prompts" placeholder="100" />
      <NumberField path={[...SYNTHETIC, "seed"]} label="Seed" placeholder="1" />
      <JsonField path={[...SYNTHETIC, "tokenizer"]} label="Tokenizer" rows={1} hint={TOKENIZER_HINT} />
    </div>
  );
}

export function TraceInputFields() {
  return (
    <>
      <div className="editor-grid">
        <TextField path={[...TRACE, "file"]} label="Trace file" placeholder="assets/sample-trace.jsonl" hint="A bundled asset's path, or a file of your own chosen below." />
        <SelectField
          path={[...TRACE, "format"]}
          label="Format"
          emptyLabel="Told from the file"
          options={[
            { value: "mooncake", label: "Mooncake JSONL" },
            { value: "burstgpt", label: "BurstGPT CSV" },
            { value: "azure", label: "Azure LLM-inference CSV" },
          ]}
        />
        <NumberField path={[...TRACE, "speedup"]} label="Speed-up" placeholder="1" hint="The trace's times are divided by this: 10 replays ten minutes in one." />
        <NumberField path={[...TRACE, "from"]} label="From (s)" placeholder="0" hint="Seconds after the trace's first request, on its own clock." />
        <NumberField path={[...TRACE, "to"]} label="To (s)" placeholder="the end" />
        <NumberField path={[...TRACE, "blockSize"]} label="Tokens per hash id" placeholder="512" hint="Mooncake's block: requests sharing leading hash ids share that much leading text." />
        <NumberField path={[...TRACE, "seed"]} label="Seed" placeholder="1" />
        <JsonField path={[...TRACE, "tokenizer"]} label="Tokenizer" rows={1} hint={TOKENIZER_HINT} />
      </div>
      <FilePicker path={[...TRACE, "file"]} label="A trace file of your own" asPath />
    </>
  );
}

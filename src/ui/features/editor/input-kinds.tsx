// The kinds of inputs a scenario may have, as the editor offers them: each is told by the shape of
// `inputs`, starts from what the other kind held where it can, and has its own fields. One row per kind:
// a new kind of inputs (multi-turn sessions, say) is a new row here and its fields' component.
import type { ReactNode } from "react";
import { isPlainObject } from "./draft-paths";
import { LiteralInputs } from "./literal-inputs";
import { NEW_SYNTHETIC_TURNS, SessionInputs } from "./session-inputs";
import { SyntheticInputFields, TraceInputFields } from "./workload-inputs";
import { TemplateInputs } from "./template-inputs";

const PROMPT_VARIABLE = "prompt";

/** Literal prompts as a template over one `prompt` column, and back, so switching modes keeps the inputs. */
export function literalToTemplate(inputs: readonly unknown[]): Record<string, unknown> {
  const prompts = inputs.filter((input): input is string => typeof input === "string");
  return { template: `{{ ${PROMPT_VARIABLE} }}`, variables: (prompts.length > 0 ? prompts : [""]).map((prompt) => ({ [PROMPT_VARIABLE]: prompt })) };
}

export function templateToLiteral(inputs: Record<string, unknown>): unknown[] {
  const rows = Array.isArray(inputs.variables) ? inputs.variables : [];
  if (inputs.template === `{{ ${PROMPT_VARIABLE} }}`) return rows.map((row) => {
      const prompt = isPlainObject(row) ? row[PROMPT_VARIABLE] : undefined;
      return typeof prompt === "string" || typeof prompt === "number" || typeof prompt === "boolean" ? String(prompt) : "";
    });
  return [typeof inputs.template === "string" ? inputs.template : ""];
}

export interface InputKind {
  id: string;
  label: string;
  /** Whether `inputs` is of this kind. The first row that matches is the kind shown. */
  matches(inputs: unknown): boolean;
  /** The inputs on switching to this kind from `inputs` (another kind's). */
  from(inputs: unknown): unknown;
  fields(props: { inputs: unknown; task: string }): ReactNode;
}

const keyed = (key: string) => (inputs: unknown): boolean => isPlainObject(inputs) && key in inputs;
const isTemplate = (inputs: unknown): boolean => isPlainObject(inputs) && ("template" in inputs || "variables" in inputs);

export const INPUT_KINDS: readonly InputKind[] = [
  {
    id: "list",
    label: "A list of inputs",
    matches: Array.isArray,
    from: (inputs) => (isTemplate(inputs) ? templateToLiteral(inputs as Record<string, unknown>) : [""]),
    fields: ({ inputs, task }) => <LiteralInputs inputs={Array.isArray(inputs) ? inputs : []} task={task} />,
  },
  {
    id: "template",
    label: "A template over a table",
    matches: isTemplate,
    from: (inputs) => literalToTemplate(Array.isArray(inputs) ? inputs : []),
    fields: ({ task }) => <TemplateInputs task={task} />,
  },
  {
    id: "synthetic",
    label: "Prompts of exact token lengths",
    matches: keyed("synthetic"),
    // As AIPerf's and GuideLLM's examples start: 512 tokens in, 128 out.
    from: () => ({ synthetic: { inputTokens: 512, outputTokens: 128, count: 100 } }),
    fields: () => <SyntheticInputFields />,
  },
  {
    id: "trace",
    label: "A production trace, replayed",
    matches: keyed("trace"),
    from: () => ({ trace: { file: "", speedup: 1 } }),
    fields: () => <TraceInputFields />,
  },
  {
    id: "sessions",
    label: "Multi-turn sessions",
    matches: keyed("sessions"),
    from: () => ({ sessions: { synthetic: NEW_SYNTHETIC_TURNS, count: 20 } }),
    fields: () => <SessionInputs />,
  },
];

/** The kind `inputs` is: the first that matches, or a list when none does (the list then shows what it can). */
export function inputKindOf(inputs: unknown): InputKind {
  return INPUT_KINDS.find((kind) => kind.matches(inputs)) ?? INPUT_KINDS[0]!;
}

// Expands a scenario's inputs (literal list, or Jinja template × variable rows) into the concrete
// requests' payloads, so every target receives exactly the same inputs; then, before a run, reads the
// binary parts (`{ "file": … }`) through the reader the caller gives (the CLI reads files, the browser blobs).
import { type ChatMessage, findTaskDefinition, isInputFileRef } from "../tasks";
import type { ExpandedInput, Scenario, ScenarioError } from "./types";
import { createTemplateBudget, parseTemplate, renderTemplate, TemplateLimitError, type TemplateLimits } from "../template";
import { promptInput } from "./prompt-input";
import { isSyntheticInputs, syntheticPlaceholders } from "./synthetic-inputs";
import { isSessionInputs, sessionPlaceholders } from "./session-inputs";
import { isTraceInputs, tracePlaceholders } from "./trace-replay-inputs";

export type ExpandInputsResult = { ok: true; inputs: ExpandedInput[] } | { ok: false; errors: ScenarioError[] };

/**
 * Reads one binary input part: `path` as written in the scenario (`assets/cat.jpg`). The CLI resolves it
 * against the scenario file and enforces size limits; the browser reads its stored blobs. A reader throws
 * (an Error whose message says why) for a part it cannot give.
 */
export type InputFileReader = (path: string) => Promise<Blob>;

/**
 * Renders a template within `limits` (all rows together): a hostile template fails, naming `inputs.template`.
 * Without a task (template checks), inputs expand as chat's do.
 */
export function expandInputs(scenario: Pick<Scenario, "inputs"> & { task?: string }, limits?: TemplateLimits): ExpandInputsResult {
  const { inputs } = scenario;
  const definition = findTaskDefinition(scenario.task ?? "chat-completion");
  const toValue = (input: unknown): unknown => (definition ? definition.toValue(input) : input);
  if (Array.isArray(inputs)) {
    return {
      ok: true,
      inputs: inputs.map((input, index) => literalInput(index, input, toValue(input), definition?.describeInput(input))),
    };
  }
  if (isSyntheticInputs(inputs)) return { ok: true, inputs: syntheticPlaceholders(inputs.synthetic, scenario.task) };
  if (isSessionInputs(inputs)) return { ok: true, inputs: sessionPlaceholders(inputs.sessions) };
  if (isTraceInputs(inputs)) return { ok: true, inputs: tracePlaceholders(inputs.trace, scenario.task) };
  let template: ReturnType<typeof parseTemplate>;
  try {
    template = parseTemplate(inputs.template);
  } catch (error) {
    return { ok: false, errors: [{ path: "inputs.template", message: `bad template: ${(error as Error).message}` }] };
  }
  const budget = createTemplateBudget(limits);
  const expanded: ExpandedInput[] = [];
  const errors: ScenarioError[] = [];
  for (const [index, row] of inputs.variables.entries()) {
    try {
      const prompt = renderTemplate(template, row, budget);
      expanded.push(promptInput(index, prompt, definition, inputs.system));
    } catch (error) {
      // Over a limit (or out of stack): the template is at fault, and the rest of the rows are not tried.
      if (error instanceof TemplateLimitError || error instanceof RangeError) {
        const rows = inputs.variables.length > 1 ? ` (stopped at inputs.variables[${index}])` : "";
        return { ok: false, errors: [{ path: "inputs.template", message: `${error.message}${rows}` }] };
      }
      errors.push({ path: `inputs.variables[${index}]`, message: `template failed: ${(error as Error).message}` });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, inputs: expanded };
}

function literalInput(index: number, input: unknown, value: unknown, description: string | undefined): ExpandedInput {
  if (typeof input === "string") return { index, messages: [{ role: "user", content: input }], prompt: input, value };
  const messages = (input as { messages?: unknown }).messages;
  if (Array.isArray(messages) && messages.every((message) => typeof (message as ChatMessage).content === "string")) {
    const chat = messages as ChatMessage[];
    const lastUser = [...chat].reverse().find((message) => message.role === "user");
    return { index, messages: chat, prompt: lastUser?.content ?? chat[chat.length - 1]?.content ?? "", value };
  }
  const prompt = description ?? "";
  return { index, messages: [{ role: "user", content: prompt }], prompt, value };
}

/** The `{ file }` parts of an input's value, each with its path from the input (`image`, `messages[0].content[1].image_url.url`). */
export function inputFileParts(value: unknown): { path: string; file: string }[] {
  const parts: { path: string; file: string }[] = [];
  const visit = (node: unknown, path: string): void => {
    if (isInputFileRef(node)) {
      parts.push({ path, file: node.file });
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${path}[${index}]`));
    } else if (typeof node === "object" && node !== null && !(typeof Blob !== "undefined" && node instanceof Blob)) {
      for (const [key, item] of Object.entries(node)) visit(item, path === "" ? key : `${path}.${key}`);
    }
  };
  visit(value, "");
  return parts;
}

/** Thrown when an input's file part cannot be read: `path` names it (`inputs[2].image`). */
export class InputFileError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = "InputFileError";
  }
}

/**
 * The inputs with every `{ file }` part read into a Blob, each path read once (inputs sharing a file share
 * its Blob). Throws InputFileError naming the first part that could not be read. Inputs without file
 * parts are returned as they are.
 */
export async function resolveInputFiles(inputs: readonly ExpandedInput[], read: InputFileReader | undefined): Promise<ExpandedInput[]> {
  const cache = new Map<string, Promise<Blob>>();
  const readOnce = (file: string): Promise<Blob> => {
    let blob = cache.get(file);
    if (blob === undefined) {
      if (read === undefined) return Promise.reject(new Error(`cannot read ${file}: this run was given no way to read input files`));
      blob = read(file);
      cache.set(file, blob);
    }
    return blob;
  };
  return Promise.all(
    inputs.map(async (input) => {
      const parts = inputFileParts(input.value);
      if (parts.length === 0) return input;
      const resolve = async (node: unknown, path: string): Promise<unknown> => {
        if (isInputFileRef(node)) {
          try {
            return await readOnce(node.file);
          } catch (error) {
            const where = `inputs[${input.index}]${path === "" ? "" : path.startsWith("[") ? path : `.${path}`}`;
            throw new InputFileError(where, (error as Error).message);
          }
        }
        if (Array.isArray(node)) return Promise.all(node.map((item, index) => resolve(item, `${path}[${index}]`)));
        if (typeof node === "object" && node !== null && !(node instanceof Blob)) {
          const entries = await Promise.all(Object.entries(node).map(async ([key, item]) => [key, await resolve(item, path === "" ? key : `${path}.${key}`)] as const));
          return Object.fromEntries(entries);
        }
        return node;
      };
      return { ...input, value: await resolve(input.value, "") };
    }),
  );
}

// The tool calls of one chat answer, as the model made them: read from a whole message, or assembled from
// a stream's deltas. OpenAI-compatible servers stream a call as a first delta with its `index`, `id` and
// `function.name` (arguments ""), then deltas of the same `index` carrying the next piece of
// `function.arguments` as text (tests/fixtures/tool-call-streams.json holds recorded sequences).
// Judging the calls (JSON, the tool's schema) is the scenario's business (core/scenario/tool-checks.ts).

/** One call as the model made it: the tool's name and its arguments as text, never parsed here. */
export interface ToolCallMade {
  name: string;
  arguments: string;
  /** The call's id as the server gave it (a tool loop's `tool` message answers it by this id); absent when it gave none. */
  id?: string;
}

interface CallInProgress {
  id: string | null;
  name: string;
  pieces: string[];
}

/** Arguments as text: servers that send them as an object (some TGI versions) are read as its JSON. */
function argumentsText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) return "";
  return JSON.stringify(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Joins a stream's tool-call deltas into calls, by their `index`. A delta without an index (a server that
 * sends each call whole) starts a new call when it brings a new id or a name, else continues the last one.
 */
export class ToolCallAssembler {
  private readonly calls: CallInProgress[] = [];
  private readonly byIndex = new Map<number, CallInProgress>();

  /** Takes one chunk's `choices[0].delta.tool_calls`; true when it carried a piece of a call. */
  add(deltas: unknown): boolean {
    if (!Array.isArray(deltas) || deltas.length === 0) return false;
    let carried = false;
    for (const delta of deltas) {
      if (!isObject(delta)) continue;
      const call = this.callFor(delta);
      const fn = isObject(delta.function) ? delta.function : {};
      if (typeof fn.name === "string" && fn.name !== "") call.name += call.name === fn.name ? "" : fn.name;
      const piece = argumentsText(fn.arguments);
      if (piece !== "") call.pieces.push(piece);
      carried = true;
    }
    return carried;
  }

  private callFor(delta: Record<string, unknown>): CallInProgress {
    const id = typeof delta.id === "string" && delta.id !== "" ? delta.id : null;
    if (typeof delta.index === "number") {
      let call = this.byIndex.get(delta.index);
      if (call === undefined) {
        call = { id, name: "", pieces: [] };
        this.byIndex.set(delta.index, call);
        this.calls.push(call);
      }
      return call;
    }
    const last = this.calls.at(-1);
    const named = isObject(delta.function) && typeof delta.function.name === "string" && delta.function.name !== "";
    if (last !== undefined && !(id !== null && id !== last.id) && !(named && last.name !== "")) return last;
    const call: CallInProgress = { id, name: "", pieces: [] };
    this.calls.push(call);
    return call;
  }

  /** The calls in the order they began. */
  result(): ToolCallMade[] {
    return this.calls.map((call) => withId({ name: call.name, arguments: call.pieces.join("") }, call.id));
  }
}

function withId(call: ToolCallMade, id: string | null): ToolCallMade {
  if (id !== null) call.id = id;
  return call;
}

/** The calls of a whole answer's message (`choices[0].message.tool_calls`); none when it holds none. */
export function toolCallsOfMessage(message: unknown): ToolCallMade[] {
  const calls = isObject(message) ? message.tool_calls : undefined;
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((call) => {
    if (!isObject(call) || !isObject(call.function)) return [];
    const name = typeof call.function.name === "string" ? call.function.name : "";
    return [withId({ name, arguments: argumentsText(call.function.arguments) }, typeof call.id === "string" && call.id !== "" ? call.id : null)];
  });
}

/** Whether the request offered tools: only then does the answer's lack of a call mean something. */
export function offersTools(parameters: Readonly<Record<string, unknown>>): boolean {
  return Array.isArray(parameters.tools) && parameters.tools.length > 0;
}

// Renders a scenario's Jinja template within bounds. A template is code from a file someone else may have
// written: `{% for i in range(100000000) %}` or nested loops would otherwise take gigabytes or hang the
// page or the command line at validation. @huggingface/jinja has no limits of its own, so this module
// counts the interpreter's work (every node evaluated, every item of every list produced), bounds the size
// of every string produced, the nesting depth and the wall-clock time, and replaces `range` with one that
// refuses, before allocating, a list larger than the work left. A single built-in call can still allocate
// a lot at once (e.g. `tojson(indent=…)`): the adapters render validation in a worker they can kill.
import { Environment, Interpreter, Template } from "@huggingface/jinja";

export interface TemplateLimits {
  /** Characters of one rendered input (and of any string produced while rendering it). */
  maxInputChars: number;
  /** Characters of all rendered inputs together. */
  maxTotalChars: number;
  /**
   * Work for all inputs together, in units of about one node evaluated: each node is 1, each item of a
   * list or mapping produced is ITEM_WORK (a loop pays per item for a scope, a `loop` object and closures,
   * about as much as twenty nodes), each string produced costs 1 per 256 characters.
   */
  maxWork: number;
  /** Nesting of evaluation (expressions, blocks, macro calls). */
  maxDepth: number;
  /** Wall-clock milliseconds for all inputs together: the last resort when work is slow. */
  maxMs: number;
}

/**
 * Far above any prompt template (tens of units of work per row, some kilobytes), far below a frozen tab:
 * the whole work budget renders in about a second on a small, busy machine.
 */
export const TEMPLATE_LIMITS: TemplateLimits = {
  maxInputChars: 1_000_000,
  maxTotalChars: 16_000_000,
  maxWork: 2_000_000,
  maxDepth: 200,
  maxMs: 3_000,
};

/** A template went over a limit: the template is at fault (or the row that fed it), never the machine. */
export class TemplateLimitError extends Error {}

/** The work left for a whole expansion; shared by all rows, so many rows cannot multiply the limits. */
export interface TemplateBudget {
  readonly limits: TemplateLimits;
  work: number;
  chars: number;
  readonly deadline: number;
  readonly now: () => number;
}

export function createTemplateBudget(limits: TemplateLimits = TEMPLATE_LIMITS, now: () => number = Date.now): TemplateBudget {
  return { limits, work: 0, chars: 0, deadline: now() + limits.maxMs, now };
}

/** Where a rendering error carries the AST node it was thrown from. */
export const FAILED_NODE = Symbol("failedTemplateNode");

/** What one item of a list or mapping produced costs: a loop over it pays about this per item. */
const ITEM_WORK = 20;

const count = (value: number): string => value.toLocaleString("en-US");

function charge(budget: TemplateBudget, units: number): void {
  budget.work += units;
  if (budget.work > budget.limits.maxWork) {
    throw new TemplateLimitError(`the template does more than ${count(budget.limits.maxWork)} steps of work (a loop or range() too long?)`);
  }
}

type Evaluate = Interpreter["evaluate"];
type RuntimeValue = ReturnType<Evaluate>;

/** The interpreter, with every evaluation counted and every result measured. */
class BoundedInterpreter extends Interpreter {
  private depth = 0;

  constructor(
    environment: Environment,
    private readonly budget: TemplateBudget,
  ) {
    super(environment);
  }

  override evaluate(...args: Parameters<Evaluate>): RuntimeValue {
    const { budget } = this;
    charge(budget, 1);
    if (budget.now() > budget.deadline) {
      throw new TemplateLimitError(`rendering the template takes longer than ${count(budget.limits.maxMs)} ms`);
    }
    if (++this.depth > budget.limits.maxDepth) {
      throw new TemplateLimitError(`the template nests deeper than ${count(budget.limits.maxDepth)} levels (a macro calling itself?)`);
    }
    try {
      const result = super.evaluate(...args);
      measure(result, budget);
      return result;
    } catch (error) {
      // The innermost node that failed, for template-errors.ts to place the error in the source.
      if (error instanceof Error && !(FAILED_NODE in error)) Object.defineProperty(error, FAILED_NODE, { value: args[0] });
      throw error;
    } finally {
      this.depth--;
    }
  }
}

/** Charges a value produced by the interpreter by its size, and refuses one that is too large. */
function measure(result: RuntimeValue, budget: TemplateBudget): void {
  const value: unknown = result.value;
  if (typeof value === "string") {
    if (value.length > budget.limits.maxInputChars) {
      throw new TemplateLimitError(`the template produces more than ${count(budget.limits.maxInputChars)} characters`);
    }
    charge(budget, Math.ceil(value.length / 256));
  } else if (Array.isArray(value)) {
    charge(budget, value.length * ITEM_WORK);
  } else if (value instanceof Map) {
    charge(budget, value.size * ITEM_WORK);
  }
}

/** Python's range(), refusing before it allocates a list larger than the work left. */
function boundedRange(budget: TemplateBudget) {
  return (first: unknown, second?: unknown, third?: unknown): number[] => {
    const [start, stop, step] = second === undefined ? [0, first, 1] : [first, second, third ?? 1];
    if (typeof start !== "number" || typeof stop !== "number" || typeof step !== "number") throw new Error("range() takes numbers");
    if (step === 0) throw new Error("range() step must not be zero");
    const length = Math.max(0, Math.ceil((stop - start) / step));
    if (!Number.isFinite(length) || length * ITEM_WORK > budget.limits.maxWork - budget.work) {
      const items = Number.isFinite(length) ? count(length) : "endless";
      throw new TemplateLimitError(`range() of ${items} items goes past the template's limit of ${count(budget.limits.maxWork)} steps of work`);
    }
    return Array.from({ length }, (_, index) => start + index * step);
  };
}

/** Parses a template; throws the parser's error for a template that does not parse. */
export function parseTemplate(source: string): Template {
  return new Template(source);
}

/**
 * Renders one row. The globals are @huggingface/jinja's, with `range` bounded; `strftime_now` is left
 * out on purpose: a prompt that changes with the clock would make two runs of one scenario incomparable.
 */
export function renderTemplate(template: Template, variables: Record<string, unknown>, budget: TemplateBudget): string {
  const environment = new Environment();
  const globals: [string, unknown][] = [
    ["false", false],
    ["true", true],
    ["none", null],
    ["False", false],
    ["True", true],
    ["None", null],
    [
      "raise_exception",
      (message: string) => {
        throw new Error(message);
      },
    ],
    ["range", boundedRange(budget)],
  ];
  for (const [name, value] of globals) environment.set(name, value);
  for (const [name, value] of Object.entries(variables)) environment.set(name, value);
  const rendered = new BoundedInterpreter(environment, budget).run(template.parsed).value;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a whole template renders to a string
  const text = typeof rendered === "string" ? rendered : String(rendered);
  budget.chars += text.length;
  if (budget.chars > budget.limits.maxTotalChars) {
    throw new TemplateLimitError(`the rendered inputs together are longer than ${count(budget.limits.maxTotalChars)} characters`);
  }
  return text;
}

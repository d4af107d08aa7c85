// Seeded fuzzing of templates: 400 random templates built from loops, ranges with wild bounds, nesting,
// self-doubling strings, recursive macros and filters. Each must render, or fail with an error on
// inputs.template (a limit) or inputs.variables[i] (the row's own error): never an exception, never a hang.
import { describe, expect, it } from "vitest";
import { expandInputs } from "../../src/core/scenario";
import { mulberry32, type Random } from "../../src/core/random";
import { TEMPLATE_LIMITS } from "../../src/core/template";

/** Small limits keep 400 renders quick; the mechanism is the same at the real ones. */
const LIMITS = { ...TEMPLATE_LIMITS, maxWork: 50_000, maxInputChars: 20_000, maxTotalChars: 60_000, maxDepth: 60 };

const NUMBERS = ["0", "1", "3", "n", "-5", "1e9", "100000000", "10 ** 9", "n * 1000000", "2.5", "'7'", "none"];

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function fragment(random: Random, depth: number): string {
  const inner = (): string => (depth > 3 ? "{{ i }}" : fragment(random, depth + 1));
  switch (Math.floor(random() * 9)) {
    case 0:
      return `{% for i in range(${pick(random, NUMBERS)}) %}${inner()}{% endfor %}`;
    case 1:
      return `{% for i in range(${pick(random, NUMBERS)}, ${pick(random, NUMBERS)}, ${pick(random, NUMBERS)}) %}${inner()}{% endfor %}`;
    case 2:
      return `{% set s = namespace(v='ab') %}{% for i in range(${pick(random, NUMBERS)}) %}{% set s.v = s.v ~ s.v %}{% endfor %}{{ s.v | length }}`;
    case 3:
      return `{% macro f(k) %}{% if k > 0 %}{{ f(k - 1) }}{{ f(k - 1) }}{% endif %}x{% endmacro %}{{ f(${pick(random, NUMBERS)}) }}`;
    case 4:
      return `{{ (topic ~ ' ') * 3 }}{{ topic | upper }}{{ [topic] * 2 }}`;
    case 5:
      return `{% if n > 2 %}${inner()}{% else %}{{ topic }}{% endif %}`;
    case 6:
      return `{{ range(${pick(random, NUMBERS)}) | join(',') }}`;
    case 7:
      return `{% for a in range(${pick(random, NUMBERS)}) %}{% for b in range(${pick(random, NUMBERS)}) %}${inner()}{% endfor %}{% endfor %}`;
    default:
      return pick(random, ["Explain {{ topic }}.", "{{ topic }}", "{% raw %}{{{% endraw %}", "{{ undefined_thing.x }}", "{% for %}", "{{ raise_exception('boom') }}"]);
  }
}

describe("template fuzzing", () => {
  it("renders or fails on inputs.template / inputs.variables[i], for 400 seeded random templates", () => {
    const random = mulberry32(8);
    const outcomes = { ok: 0, limit: 0, row: 0, parse: 0 };
    for (let index = 0; index < 400; index++) {
      const template = Array.from({ length: 1 + Math.floor(random() * 3) }, () => fragment(random, 0)).join(" ");
      const variables = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({ topic: pick(random, ["TTFT", "p99", ""]), n: Math.floor(random() * 6) }));
      let result: ReturnType<typeof expandInputs>;
      try {
        result = expandInputs({ inputs: { template, variables } }, LIMITS);
      } catch (error) {
        throw new Error(`template ${index} threw instead of reporting: ${template}\n${String(error)}`, { cause: error });
      }
      if (result.ok) {
        outcomes.ok++;
        expect(result.inputs).toHaveLength(variables.length);
        for (const input of result.inputs) expect(input.prompt.length).toBeLessThanOrEqual(LIMITS.maxInputChars);
        continue;
      }
      for (const error of result.errors) {
        expect(error.path, template).toMatch(/^inputs\.template$|^inputs\.variables\[\d+\]$/);
        expect(error.message.length).toBeGreaterThan(0);
      }
      const first = result.errors[0]!;
      if (first.path !== "inputs.template") outcomes.row++;
      else if (first.message.startsWith("bad template")) outcomes.parse++;
      else outcomes.limit++;
    }
    // The generator reaches every outcome, so the assertions above were exercised on each.
    expect(outcomes.ok).toBeGreaterThan(20);
    expect(outcomes.limit).toBeGreaterThan(20);
    expect(outcomes.row).toBeGreaterThan(5);
    expect(outcomes.parse).toBeGreaterThan(5);
  });
});

// The bounded Jinja renderer: hostile templates fail fast with an error naming inputs.template (and the
// row that tipped it over), ordinary templates render exactly as @huggingface/jinja renders them.
import { Template } from "@huggingface/jinja";
import { describe, expect, it } from "vitest";
import { expandInputs } from "../../src/core/scenario";
import { createTemplateBudget, parseTemplate, renderTemplate, TEMPLATE_LIMITS, TemplateLimitError } from "../../src/core/template";

/**
 * The limits with the time bound out of reach: each test here is about one of the other bounds, which a
 * busy machine would otherwise beat to it (the time bound has its own test, on a fake clock).
 */
const WORK_BOUNDS = { ...TEMPLATE_LIMITS, maxMs: 3_600_000 };

function expand(template: string, variables: Record<string, string | number | boolean>[] = [{}], limits = WORK_BOUNDS) {
  return expandInputs({ inputs: { template, variables } }, limits);
}

function expectTemplateError(result: ReturnType<typeof expand>, pattern: RegExp): string {
  expect(result.ok).toBe(false);
  if (result.ok) return "";
  expect(result.errors).toHaveLength(1);
  expect(result.errors[0]!.path).toBe("inputs.template");
  expect(result.errors[0]!.message).toMatch(pattern);
  return result.errors[0]!.message;
}

describe("bounded template rendering", () => {
  it("refuses range(100000000) before allocating it", () => {
    expectTemplateError(expand("{% for i in range(100000000) %}x{% endfor %}"), /range\(\) of 100,000,000 items goes past the template's limit/);
  });

  it("refuses a range with a huge or endless length, positive or negative steps", () => {
    expectTemplateError(expand("{% for i in range(0, 10000000000, 1) %}{% endfor %}"), /range\(\) of 10,000,000,000 items/);
    expectTemplateError(expand("{% for i in range(0, -100000000, -1) %}{% endfor %}"), /range\(\) of 100,000,000 items/);
    expectTemplateError(expand("{% for i in range(n) %}{% endfor %}", [{ n: Number.MAX_VALUE }]), /range\(\) of [\d,]+ items/);
  });

  it("stops nested loops that each look small at the work limit", () => {
    expectTemplateError(expand("{% for i in range(5000) %}{% for j in range(5000) %}{% endfor %}{% endfor %}"), /limit of 2,000,000 steps of work|more than 2,000,000 steps/);
  });

  it("stops a string that doubles itself at the size limit", () => {
    const template = "{% set s = namespace(v='ab') %}{% for i in range(40) %}{% set s.v = s.v ~ s.v %}{% endfor %}{{ s.v }}";
    expectTemplateError(expand(template), /produces more than 1,000,000 characters/);
  });

  it("stops a macro that calls itself at the depth limit", () => {
    expectTemplateError(expand("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}"), /nests deeper than 200 levels/);
  });

  it("names the row that tipped the template over, and tries no row after it", () => {
    const message = expectTemplateError(expand("{% for i in range(n) %}.{% endfor %}", [{ n: 3 }, { n: 100_000_000 }, { n: 2 }]), /range\(\)/);
    expect(message).toContain("inputs.variables[1]");
  });

  it("shares one budget between all rows: many small rows cannot multiply the limits", () => {
    const limits = { ...WORK_BOUNDS, maxWork: 10_000 };
    const rows = Array.from({ length: 200 }, (_, n) => ({ n }));
    expect(expand("{{ n }}", rows.slice(0, 10), limits).ok).toBe(true);
    expectTemplateError(expand("{% for i in range(5) %}{{ n }}{% endfor %}", rows, limits), /steps of work/);
  });

  it("bounds the rendered inputs together", () => {
    const limits = { ...WORK_BOUNDS, maxTotalChars: 1_000 };
    const rows = Array.from({ length: 20 }, () => ({ text: "x".repeat(100) }));
    expectTemplateError(expand("{{ text }}", rows, limits), /together are longer than 1,000 characters \(stopped at inputs.variables\[10\]\)/);
  });

  it("stops at the time limit even when the work counted is small", () => {
    // A clock that moves 1 ms per look: 50 looks are 50 ms, over a limit of 20 ms.
    let time = 0;
    const budget = createTemplateBudget({ ...TEMPLATE_LIMITS, maxMs: 20 }, () => time++);
    expect(() => renderTemplate(parseTemplate("{% for i in range(50) %}{{ i }}{% endfor %}"), {}, budget)).toThrow(TemplateLimitError);
    expect(() => renderTemplate(parseTemplate("{% for i in range(50) %}{{ i }}{% endfor %}"), {}, budget)).toThrow(/takes longer than 20 ms/);
  });

  it("leaves ordinary errors to the row, as before", () => {
    const result = expand("{{ raise_exception('no') }}", [{ a: 1 }]);
    expect(result).toEqual({ ok: false, errors: [{ path: "inputs.variables[0]", message: "template failed: no" }] });
  });

  it("renders ordinary templates exactly as the library does", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["Explain {{ topic }} in {{ n }} words.", { topic: "TTFT", n: 10 }],
      ["{% for i in range(3) %}{{ loop.index }}:{{ i }} {% endfor %}", {}],
      ["{% for i in range(1, 10, 3) %}{{ i }},{% endfor %}|{% for i in range(5, 0, -2) %}{{ i }},{% endfor %}|{% for i in range(0) %}x{% else %}empty{% endfor %}", {}],
      ["{{ name | upper }} {{ items | join(', ') }} {{ items | length }}", { name: "ada", items: ["a", "b"] }],
      ["{% if flag %}yes{% else %}no{% endif %} {{ none is none }} {{ True and not False }}", { flag: true }],
      ["{% set ns = namespace(total=0) %}{% for x in [1, 2, 3] %}{% set ns.total = ns.total + x %}{% endfor %}{{ ns.total }}", {}],
      ["{% macro greet(who) %}hi {{ who }}{% endmacro %}{{ greet('you') }}", {}],
    ];
    for (const [source, variables] of cases) {
      expect(renderTemplate(parseTemplate(source), variables, createTemplateBudget())).toBe(new Template(source).render(variables));
    }
  });
});

// Seeded fuzzing of what users hand us: 1,000 mutated scenario files (from the bundled ones). Each must
// load or be rejected with located errors — never an uncaught exception.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseScenarioText, expandInputs } from "../../src/core/scenario";
import { countPlannedRequests, planRequests } from "../../src/core/run";
import { mulberry32 } from "../../src/core/random";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const STRANGE_VALUES: Json[] = [null, true, 0, -1, 1.5, 1e308, "", "x", "sandbox:/fast/v1", [], {}, [1, 2], { a: 1 }, "groq", "999999999999"];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Every container in the document, with a way to change one of its slots. */
function containers(value: Json, found: (Json[] | { [key: string]: Json })[] = []): (Json[] | { [key: string]: Json })[] {
  if (value !== null && typeof value === "object") {
    found.push(value);
    for (const child of Array.isArray(value) ? value : Object.values(value)) containers(child, found);
  }
  return found;
}

function mutateStructure(document: Json, random: () => number): Json {
  const copy = structuredClone(document);
  const mutations = 1 + Math.floor(random() * 3);
  for (let index = 0; index < mutations; index++) {
    const target = pick(random, containers(copy));
    if (Array.isArray(target)) {
      const operation = random();
      if (operation < 0.3 && target.length > 0) target.splice(Math.floor(random() * target.length), 1);
      else if (operation < 0.6 && target.length > 0) target.push(structuredClone(pick(random, target)));
      else target[Math.floor(random() * (target.length + 1))] = structuredClone(pick(random, STRANGE_VALUES));
    } else {
      const keys = Object.keys(target);
      const operation = random();
      if (operation < 0.3 && keys.length > 0) delete target[pick(random, keys)];
      else if (operation < 0.5) target[pick(random, ["extra", "concurency", "provider", "endpointUrl", "stream", "__proto__"])] = structuredClone(pick(random, STRANGE_VALUES));
      else if (keys.length > 0) target[pick(random, keys)] = structuredClone(pick(random, STRANGE_VALUES));
    }
  }
  return copy;
}

function mutateText(text: string, random: () => number): string {
  const operation = random();
  const position = Math.floor(random() * text.length);
  if (operation < 0.4) return text.slice(0, position);
  if (operation < 0.7) return text.slice(0, position) + pick(random, ["{", "}", "[", "]", ",", '"', ":", "\\", "\u0000", "é", "\n"]) + text.slice(position);
  return text.slice(0, position) + text.slice(position + 1 + Math.floor(random() * 20));
}

const scenarioFolder = new URL("../../scenarios/", import.meta.url);
const bundled = readdirSync(scenarioFolder)
  .filter((name) => name.endsWith(".json"))
  .map((name) => readFileSync(new URL(name, scenarioFolder), "utf8"));

describe("fuzzed scenario files", () => {
  it("load or are rejected with path-named errors, never an exception (1,000 seeded mutations)", () => {
    const random = mulberry32(20261123);
    let accepted = 0;
    let rejected = 0;
    for (let index = 0; index < 1000; index++) {
      const original = pick(random, bundled);
      const text = random() < 0.7 ? JSON.stringify(mutateStructure(JSON.parse(original) as Json, random)) : mutateText(original, random);
      let result: ReturnType<typeof parseScenarioText>;
      try {
        result = parseScenarioText(text);
      } catch (error) {
        throw new Error(`case ${index} threw ${String(error)} for:\n${text}`, { cause: error });
      }
      if (result.ok) {
        accepted++;
        const inputs = expandInputs(result.scenario);
        expect(inputs.ok, `case ${index}`).toBe(true);
        if (!inputs.ok) continue;
        const counts = countPlannedRequests(result.scenario, inputs.inputs.length);
        expect(Number.isSafeInteger(counts.measured) && counts.measured >= 0, `case ${index}`).toBe(true);
        // planRequests is one closed-loop plan; a scenario with run.load runs stages (or arrivals) instead,
        // and a parameter sweep runs that plan once per level.
        if (result.scenario.run.load === undefined && counts.measured + counts.warmup <= 10_000) {
          const levels = result.scenario.run.parameterSweep?.levels.length ?? 1;
          const planned = [...planRequests(result.scenario, inputs.inputs.length)];
          const warmups = planned.filter((request) => request.warmup).length;
          expect(warmups, `case ${index}`).toBe(counts.warmup);
          expect((planned.length - warmups) * levels, `case ${index}`).toBe(counts.measured);
        }
      } else {
        rejected++;
        expect(result.errors.length, `case ${index}`).toBeGreaterThan(0);
        for (const error of result.errors) {
          expect(typeof error.path, `case ${index}`).toBe("string");
          expect(error.message.length, `case ${index}`).toBeGreaterThan(0);
        }
      }
    }
    // Both outcomes must occur, or the mutations are not exercising the validator.
    expect(accepted).toBeGreaterThan(20);
    expect(rejected).toBeGreaterThan(500);
  });
});

// Answers made of JSON objects (labels with scores, answer spans, entities), read for any API: each item's
// fields checked by type, a batch's list-wrapped form recognised, a field out of shape named in the error.
import { isJsonObject, malformedAnswer } from "./answer-fields";

/** The answer in the form a task's call reads, and the name of the shape it came in (the record's answerShape). */
export interface ShapeReading {
  value: unknown;
  shape: string;
}

export type ItemCheck = (item: Record<string, unknown>, shape: string, field: string) => void;

/** `the answer`, `[0]`, `[0].box`: where in the answer a field is. */
export function pathOf(field: string, key: string): string {
  if (key.startsWith("[")) return field === "" ? key : `${field}${key}`;
  return field === "" ? key : `${field}.${key}`;
}

/** `key` of `item` is a string (or a finite number), else the error naming it. */
export function fieldOf(item: Record<string, unknown>, key: string, type: "string" | "number", shape: string, field: string): void {
  const value = item[key];
  const ok = type === "string" ? typeof value === "string" : typeof value === "number" && Number.isFinite(value);
  if (!ok) throw malformedAnswer(shape, pathOf(field, key), `must be a ${type === "string" ? "string" : "finite number"}`);
}

/** How many lists the answer opens with: `{…}` 0, `[{…}]` 1, `[[{…}]]` 2. */
export function listDepth(answer: unknown): number {
  let depth = 0;
  for (let level = answer; Array.isArray(level); level = level[0] as unknown) depth++;
  return depth;
}

/**
 * A reader of an answer whose form for one input is an object (`depth` 0) or a list of objects (1), each
 * passing `check`; one list deeper is a batch's form, whose first entry is the one input's answer.
 * `toTaskForm` turns the checked answer into what the task's call reads.
 */
export function objects(shapeName: string, depth: 0 | 1, check: ItemCheck, toTaskForm: (answer: never) => unknown = (answer) => answer): (answer: unknown) => ShapeReading {
  return (answer) => {
    const wrapped = listDepth(answer) > depth;
    const shape = `${shapeName}${wrapped ? "[list]" : ""}`;
    const one: unknown = wrapped ? (answer as unknown[])[0] : answer;
    const field = wrapped ? "[0]" : "";
    if (depth === 0) {
      if (!isJsonObject(one)) throw malformedAnswer(shape, field || "the answer", "must be an object");
      check(one, shape, field);
    } else {
      if (!Array.isArray(one)) throw malformedAnswer(shape, field || "the answer", "must be a list");
      one.forEach((item, index) => {
        if (!isJsonObject(item)) throw malformedAnswer(shape, pathOf(field, `[${index}]`), "must be an object");
        check(item, shape, pathOf(field, `[${index}]`));
      });
    }
    return { value: toTaskForm(one as never), shape };
  };
}

export function has(fields: Record<string, "string" | "number">): ItemCheck {
  return (item, shape, field) => {
    for (const [key, type] of Object.entries(fields)) fieldOf(item, key, type, shape, field);
  };
}


/** `{ label, score }`: a classification's item in every API. */
export const labelScore = has({ label: "string", score: "number" });

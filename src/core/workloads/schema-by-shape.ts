// A field that takes one of several shapes (a number, a name, or an object told by its key), checked as
// the shape it has rather than as a zod union: a union's failure carries every branch's complaint, and
// the author meant one of them. The chosen shape's issues are reported as they are, at the field's own
// path (`inputTokens.uniform.max`), so the scenario's error messages read them like any other field's.
import { z } from "zod";

export interface Shape<T> {
  /** Whether the value is written as this shape (`{ "uniform": … }` has the key `uniform`). */
  matches: (value: unknown) => boolean;
  schema: z.ZodType<T>;
}

/** An object (not an array, not null) that has `key`: how an object shape is told from the others. */
export function hasKey(key: string): (value: unknown) => boolean {
  return (value) => typeof value === "object" && value !== null && !Array.isArray(value) && key in value;
}

/** `expected` says every shape in words, for a value that is none of them: `a number of tokens, or { "fixed": … }, …`. */
export function schemaByShape<T>(shapes: readonly Shape<T>[], expected: string) {
  return z.unknown().transform((value, context): T => {
    const shape = shapes.find((candidate) => candidate.matches(value));
    if (shape === undefined) {
      context.addIssue({ code: "custom", input: value, message: value === undefined ? "required" : `must be ${expected}` });
      return z.NEVER;
    }
    const result = shape.schema.safeParse(value, { reportInput: true });
    if (result.success) return result.data;
    for (const issue of result.error.issues) context.addIssue({ ...issue });
    return z.NEVER;
  });
}

// Reading an endpoint API's answer (tasks/apis/): a field not in the documented shape is a bad_response
// whose message names the shape and the field, never the answer's content (model output is untrusted).
import { InferenceClientProviderOutputError } from "@huggingface/inference";

/** `malformed openai.embeddings answer: data[0].embedding must be an array of numbers`. */
export function malformedAnswer(shape: string, field: string, problem: string): InferenceClientProviderOutputError {
  return new InferenceClientProviderOutputError(`malformed ${shape} answer: ${field} ${problem}`);
}

/** A non-empty vector of finite numbers at `field`, or the error that names it. */
export function numberVectorAt(value: unknown, shape: string, field: string): number[] {
  if (!Array.isArray(value) || value.length === 0) throw malformedAnswer(shape, field, "must be a non-empty array of numbers");
  for (let index = 0; index < value.length; index++) {
    if (typeof value[index] !== "number" || !Number.isFinite(value[index])) throw malformedAnswer(shape, `${field}[${index}]`, "must be a finite number");
  }
  return value as number[];
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

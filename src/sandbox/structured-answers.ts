// Answers to chat requests whose response_format carries a json_schema, for the profiles that honour it
// (profiles.ts, `structuredOutput`): JSON filled from the schema (tool-answers.ts's valueFor), sometimes
// cut short or missing a required property, spread over the tokens the plan already scheduled, so the
// answer's timing and token counts are what they would have been.
import type { ResponsePlan } from "./plan";
import type { StructuredOutputHonouring } from "./profiles";
import { mulberry32 } from "./random";
import type { AskedSchema } from "./requests";
import { valueFor } from "./tool-answers";

/** Apart from the plan's own draws (and the tool answers'), so a request's text, timing and errors are what they always were. */
const STRUCTURED_SALT = 0x5c4e3a01;

/** The answer's text. Always two draws, in one order, then the value's own. */
export function structuredAnswerText(honouring: StructuredOutputHonouring, asked: AskedSchema, requestSeed: number): string {
  const random = mulberry32((requestSeed ^ STRUCTURED_SALT) >>> 0);
  const [invalidRoll, missingRoll] = [random(), random()];
  const value = valueFor({ type: "object", ...asked.schema }, asked.prompt, random, 0) as Record<string, unknown>;
  const required = Array.isArray(asked.schema.required) ? asked.schema.required.filter((key): key is string => typeof key === "string") : [];
  if (missingRoll < honouring.missingFieldRate && required.length > 0) delete value[required[0]!];
  const text = JSON.stringify(value);
  return invalidRoll < honouring.invalidJsonRate ? text.slice(0, Math.ceil(text.length * 0.6)) : text;
}

/** The plan with each choice's tokens spelling `text`: about equal pieces, one per scheduled token. */
export function withStructuredAnswer(plan: ResponsePlan, text: string): ResponsePlan {
  const choiceTokens = plan.choiceTokens.map((tokens) => {
    if (tokens.length === 0) return tokens;
    const size = Math.ceil(text.length / tokens.length);
    return tokens.map((_, index) => text.slice(index * size, (index + 1) * size));
  });
  return { ...plan, choiceTokens };
}

// zero-shot-classification: a text scored against candidate labels (client.zeroShotClassification). The
// labels come with the input (`{ text, candidate_labels }`) or, for every input alike, from parameters.
import { z } from "zod";
import { describeValue, taskArgs, topLabelSummary, valueResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";

const labelsSchema = z.array(z.string().min(1, "must not be empty")).min(1, "needs at least one label");

export interface ZeroShotInput {
  text: string;
  candidate_labels?: string[];
}

export const zeroShotClassificationTask: TaskDefinition<ZeroShotInput> = {
  id: "zero-shot-classification",
  libraryTask: "zero-shot-classification",
  input: z.union([z.string(), z.strictObject({ text: z.string({ error: "required" }), candidate_labels: labelsSchema })]),
  acceptsText: true,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/zero-shot-classification",
  describeInput: (input) => describeValue(typeof input === "string" ? input : (input as ZeroShotInput).text),
  toValue: (input) => (typeof input === "string" ? { text: input } : (input as ZeroShotInput)),
  call: async ({ text, candidate_labels }, context) => {
    const labels = candidate_labels === undefined ? {} : { candidate_labels };
    const args = taskArgs("zeroShotClassification", text, context, labels);
    const scores = await context.client.zeroShotClassification(args, context.options);
    return valueResult(scores, topLabelSummary(scores));
  },
};

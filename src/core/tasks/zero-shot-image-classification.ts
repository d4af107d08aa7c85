// zero-shot-image-classification: an image scored against candidate labels (client.zeroShotImageClassification).
// The labels come with the input (`{ image: { file }, candidate_labels }`) or, for every input alike, from parameters.
import { z } from "zod";
import { describeValue, inputFileSchema, isInputFileRef, taskArgs, topLabelSummary, valueResult, type FilePart } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export interface ZeroShotImageInput {
  image: FilePart;
  candidate_labels?: string[];
}

export const zeroShotImageClassificationTask: TaskDefinition<ZeroShotImageInput> = {
  id: "zero-shot-image-classification",
  libraryTask: "zero-shot-image-classification",
  input: z.union([
    inputFileSchema,
    z.strictObject({
      image: inputFileSchema,
      candidate_labels: z.array(z.string().min(1, "must not be empty")).min(1, "needs at least one label"),
    }),
  ]),
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/zero-shot-image-classification",
  describeInput: (input) => describeValue(isInputFileRef(input) ? input : (input as ZeroShotImageInput).image),
  toValue: (input) => (isInputFileRef(input) ? { image: input } : (input as ZeroShotImageInput)),
  call: async ({ image, candidate_labels }, context) => {
    const labels = candidate_labels === undefined ? {} : { candidate_labels };
    const args = taskArgs("zeroShotImageClassification", image, context, labels);
    const scores = await context.client.zeroShotImageClassification(args, context.options);
    return valueResult(scores, topLabelSummary(scores));
  },
};

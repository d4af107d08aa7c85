// fill-mask: the likeliest tokens for the mask in a text (client.fillMask).
import { describeValue, textInputSchema, taskArgs, valueResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const fillMaskTask: TaskDefinition<string> = {
  id: "fill-mask",
  libraryTask: "fill-mask",
  input: textInputSchema("fill-mask"),
  acceptsText: true,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/fill-mask",
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: async (text, context) => {
    const fills = await context.client.fillMask(taskArgs("fillMask", text, context), context.options);
    const best = fills[0];
    return valueResult(fills, best === undefined ? "no token" : `${JSON.stringify(best.token_str)} ${best.score.toFixed(2)}`);
  },
};

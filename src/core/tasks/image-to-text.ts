// image-to-text: a caption for an image (client.imageToText); the caption is text, counted and checked.
import { describeValue, inputFileSchema, taskArgs, textResult, type FilePart } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const imageToTextTask: TaskDefinition<FilePart> = {
  id: "image-to-text",
  libraryTask: "image-to-text",
  input: inputFileSchema,
  acceptsText: false,
  streams: false,
  textOutput: true,
  endpointRoute: "/image-to-text",
  describeInput: describeValue,
  toValue: (input) => input as FilePart,
  call: async (image, context) => {
    const caption = await context.client.imageToText(taskArgs("imageToText", image, context), context.options);
    return textResult(caption.generated_text ?? "");
  },
};

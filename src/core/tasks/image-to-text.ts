// image-to-text: a caption for an image (client.imageToText); the caption is text, counted and checked.
import { describeValue, huggingFaceGeneratedText, inputFileSchema, taskArgs, textResult, withOtherConvention, type FilePart } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const imageToTextTask: TaskDefinition<FilePart> = {
  id: "image-to-text",
  libraryTask: "image-to-text",
  input: inputFileSchema,
  acceptsText: false,
  streams: false,
  textOutput: true,
  figures: ["generatedTokens"],
  endpointRoute: "/image-to-text",
  describeInput: describeValue,
  toValue: (input) => input as FilePart,
  call: async (image, context) => {
    // The library asks for `{ generated_text }`; hf-inference answers `[{ generated_text }]`: both are captions.
    const caption = await withOtherConvention(
      context,
      async (options) => (await context.client.imageToText(taskArgs("imageToText", image, context), options)).generated_text ?? "",
      huggingFaceGeneratedText,
    );
    return textResult(caption);
  },
};

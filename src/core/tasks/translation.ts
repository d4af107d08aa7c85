// translation: a text in another language (client.translation; src_lang / tgt_lang as parameters).
import { describeValue, textInputSchema, taskArgs, textResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export const translationTask: TaskDefinition<string> = {
  id: "translation",
  libraryTask: "translation",
  input: textInputSchema("translation"),
  acceptsText: true,
  streams: false,
  textOutput: true,
  figures: ["generatedTokens"],
  endpointRoute: "/translation",
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: async (text, context) => {
    const translated = await context.client.translation(taskArgs("translation", text, context), context.options);
    // The library's type says one object; hf-inference answers a list of one.
    const first = (Array.isArray(translated) ? translated[0] : translated) as { translation_text?: string } | undefined;
    return textResult(first?.translation_text ?? "");
  },
};

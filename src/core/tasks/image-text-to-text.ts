// image-text-to-text: vision chat, through the chat route (client.chatCompletion / chatCompletionStream)
// with OpenAI content parts; an image part is a URL or a file, sent as a data: URL.
import { z } from "zod";
import type { TaskCallContext, TaskDefinition } from "./task-definition";
import { chatCall, lastUserText, type ChatMessage } from "./chat-completion";
import { describeValue, inputFileSchema, type FilePart } from "./task-io";

const contentPartSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("text"), text: z.string({ error: "required" }) }),
    z.strictObject({
      type: z.literal("image_url"),
      image_url: z.strictObject({ url: z.union([z.string().min(1, "required"), inputFileSchema]) }),
    }),
  ],
  { error: 'must have type "text" or "image_url"' },
);

const visionMessageSchema = z.strictObject({
  role: z.enum(["system", "user", "assistant"]),
  content: z.union([z.string(), z.array(contentPartSchema).min(1, "needs at least one part")]),
});

type ContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string | FilePart } };
export interface VisionMessage {
  role: ChatMessage["role"];
  content: string | ContentPart[];
}

export const imageTextToTextTask: TaskDefinition<VisionMessage[]> = {
  id: "image-text-to-text",
  libraryTask: "conversational",
  input: z.union([z.string(), z.strictObject({ messages: z.array(visionMessageSchema).min(1, "needs at least one message") })]),
  acceptsText: true,
  streams: true,
  textOutput: true,
  figures: ["generatedTokens"],
  describeInput: (input) => describeValue(lastUserText(textMessages(messagesOf(input)))),
  toValue: (input) => messagesOf(input),
  call: async (messages, context: TaskCallContext) => {
    const sent = await Promise.all(messages.map(withDataUrls));
    return context.stream ? chatCall.streamChat(sent, context) : chatCall.chat(sent, context);
  },
};

function messagesOf(input: unknown): VisionMessage[] {
  if (typeof input === "string") return [{ role: "user", content: input }];
  return (input as { messages: VisionMessage[] }).messages;
}

/** The text of each message (its text parts, and each file by name) for the tables' prompt column. */
function textMessages(messages: readonly VisionMessage[]): ChatMessage[] {
  return messages.map(({ role, content }) => ({
    role,
    content: typeof content === "string" ? content : content.map((part) => (part.type === "text" ? part.text : describeValue(part.image_url.url))).join(" "),
  }));
}

async function withDataUrls(message: VisionMessage): Promise<VisionMessage> {
  if (typeof message.content === "string") return message;
  const content = await Promise.all(
    message.content.map(async (part): Promise<ContentPart> => {
      if (part.type !== "image_url" || typeof part.image_url.url === "string") return part;
      const url = part.image_url.url;
      if (!(url instanceof Blob)) throw new Error(`the file ${url.file} was not read before the request`);
      return { type: "image_url", image_url: { url: await dataUrlOf(url) } };
    }),
  );
  return { ...message, content };
}

/** A data: URL of the bytes, base64 in slices (a spread of a whole image would overflow the call stack). */
export async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  const slice = 0x8000;
  for (let start = 0; start < bytes.length; start += slice) binary += String.fromCharCode(...bytes.subarray(start, start + slice));
  return `data:${blob.type || "application/octet-stream"};base64,${btoa(binary)}`;
}

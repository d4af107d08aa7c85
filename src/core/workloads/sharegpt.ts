// A ShareGPT file read into conversations (docs/workloads.md, "Sessions"): `[{ "id", "conversations":
// [{ "from": "human" | "gpt", "value" }] }]`, as ShareGPT_V3_unfiltered_cleaned_split.json and the
// benchmarks that replay it (vLLM's, AIPerf's) have it. Only the human turns are kept: in a session run
// the history is the target's own answers, so the recorded model's answers are never sent.

/** One conversation: its id, an optional system message, and the human messages in order. */
export interface ShareGptConversation {
  id: string;
  system?: string;
  humanTurns: string[];
}

export interface ShareGptRead {
  conversations: ShareGptConversation[];
  /** Conversations with no human message, left out (counted, never dropped unsaid). */
  withoutHumanTurns: number;
}

const HUMAN_ROLES = new Set(["human", "user"]);
const MODEL_ROLES = new Set(["gpt", "chatgpt", "assistant", "bard", "bing", "model"]);

/** The file's first `limit` conversations that have a human turn. Throws naming the entry and field (`[3].conversations[1].from`). */
export function readShareGpt(json: unknown, limit: number): ShareGptRead {
  if (!Array.isArray(json)) throw new Error("must be a JSON array of conversations ([{ \"id\", \"conversations\": [{ \"from\", \"value\" }] }])");
  const conversations: ShareGptConversation[] = [];
  let withoutHumanTurns = 0;
  for (let index = 0; index < json.length && conversations.length < limit; index++) {
    const conversation = readConversation(json[index], index);
    if (conversation.humanTurns.length === 0) withoutHumanTurns++;
    else conversations.push(conversation);
  }
  return { conversations, withoutHumanTurns };
}

function readConversation(entry: unknown, index: number): ShareGptConversation {
  const at = `[${index}]`;
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) throw new Error(`${at}: must be an object with "conversations"`);
  const { id, conversations } = entry as { id?: unknown; conversations?: unknown };
  if (!Array.isArray(conversations)) throw new Error(`${at}.conversations: must be an array of { "from", "value" }`);
  const conversation: ShareGptConversation = { id: typeof id === "string" && id !== "" ? id : typeof id === "number" ? String(id) : `conversation-${index}`, humanTurns: [] };
  conversations.forEach((message: unknown, position) => {
    const where = `${at}.conversations[${position}]`;
    const { from, value } = (typeof message === "object" && message !== null ? message : {}) as { from?: unknown; value?: unknown };
    if (typeof from !== "string") throw new Error(`${where}.from: must be "human" or "gpt"`);
    if (typeof value !== "string") throw new Error(`${where}.value: must be the message's text`);
    if (HUMAN_ROLES.has(from)) conversation.humanTurns.push(value);
    else if (from === "system" && conversation.humanTurns.length === 0) conversation.system = value;
    else if (!MODEL_ROLES.has(from) && from !== "system") throw new Error(`${where}.from: must be "human" or "gpt", got ${JSON.stringify(from.slice(0, 40))}`);
  });
  return conversation;
}

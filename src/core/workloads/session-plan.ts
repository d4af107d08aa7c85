// The sessions a run sends, made before its clock starts (docs/workloads.md, "Sessions"): per session its
// turns' user messages (synthetic ones exact to their drawn lengths, or a ShareGPT file's human turns),
// each turn's answer length asked for and the think time before it. The same plan for every target, so
// session 3's turn 2 waits as long and asks for as much whoever answers it. What the runner adds at
// send time is the history: the earlier turns and the target's own answers to them.
import { mulberry32 } from "../random";
import type { IndexedCorpus } from "./corpus";
import { createPromptBuilder } from "./prompt-builder";
import { drawSyntheticLengths } from "./request-plan";
import { sampleThinkTime, type SessionInputs, type SyntheticSessionTurns, MAX_SESSION_TURNS } from "./session-inputs";
import type { ShareGptConversation } from "./sharegpt";
import type { Tokenizer } from "./tokenizer";

export interface SessionTurnSpec {
  /** The turn's new user message. */
  prompt: string;
  /** Its tokens under the plan's tokenizer, exactly (synthetic turns). */
  inputTokens?: number;
  /** The answer's tokens asked for (synthetic turns); a file's turns ask as the scenario's parameters say. */
  requestedOutputTokens?: number;
  /** Milliseconds the user thinks before sending it: 0 for the first turn. */
  thinkMs: number;
}

export interface SessionSpec {
  id: string;
  /** A system message the conversation opens with (a ShareGPT conversation's own). */
  system?: string;
  turns: SessionTurnSpec[];
}

export interface SessionPlan {
  sessions: SessionSpec[];
  /** The tokenizer and corpus of synthetic turns; absent for a file's. */
  tokenizerId?: string;
  corpusId?: string;
  startRounds: number;
}

/** The seeds of one session plan: lengths, think times and corpus places each from its own generator. */
function sessionSeeds(seed: number): { lengths: number; think: number; places: number } {
  const parent = mulberry32(seed ^ 0x5e551075);
  const next = (): number => Math.floor(parent() * 2 ** 32) >>> 0;
  return { lengths: next(), think: next(), places: next() };
}

/** Each turn's think time in order, session after session (the first turn of each thinks 0). */
function drawThinkTimes(settings: Pick<SessionInputs, "thinkTimeMs" | "seed">, turnsPerSession: readonly number[]): number[][] {
  const random = mulberry32(sessionSeeds(settings.seed).think);
  return turnsPerSession.map((turns) => Array.from({ length: turns }, (_, turn) => (turn === 0 ? 0 : sampleThinkTime(settings.thinkTimeMs, random))));
}

/**
 * Synthetic sessions without their text: each turn's lengths and think time, from the seed alone. What a
 * scenario shows before its run cuts the prompts (validation, the plan's size), and what the run cuts them to.
 */
export function drawSyntheticSessions(settings: SessionInputs & { synthetic: SyntheticSessionTurns }): SessionSpec[] {
  const { synthetic, count } = settings;
  const lengths = drawSyntheticLengths({ inputTokens: synthetic.inputTokens, outputTokens: synthetic.outputTokens, seed: sessionSeeds(settings.seed).lengths, count: count * synthetic.turns });
  const thinks = drawThinkTimes(settings, Array.from({ length: count }, () => synthetic.turns));
  return thinks.map((thinkMs, session) => ({
    id: `session-${session}`,
    turns: thinkMs.map((think, turn) => {
      const drawn = lengths[session * synthetic.turns + turn]!;
      return { prompt: `a message of ${drawn.inputTokens} tokens cut from the corpus when the run starts`, inputTokens: drawn.inputTokens, requestedOutputTokens: drawn.requestedOutputTokens, thinkMs: think };
    }),
  }));
}

/** Synthetic sessions with their text cut: every message exact to its length, the first of each opening with the shared prefix if asked. */
export function planSyntheticSessions(settings: SessionInputs & { synthetic: SyntheticSessionTurns }, tokenizer: Tokenizer, corpus: IndexedCorpus): SessionPlan {
  const builder = createPromptBuilder(tokenizer, corpus, sessionSeeds(settings.seed).places);
  const prefixTokens = settings.synthetic.prefixTokens;
  const prefix = prefixTokens === undefined ? undefined : builder.sharedPrefix(prefixTokens);
  const sessions = drawSyntheticSessions(settings).map((session) => ({
    ...session,
    turns: session.turns.map((turn, index) => ({ ...turn, prompt: builder.distinct(turn.inputTokens!, index === 0 ? prefix : undefined) })),
  }));
  return { sessions, tokenizerId: tokenizer.id, corpusId: corpus.id, startRounds: builder.startRounds };
}

/** A ShareGPT file's conversations as sessions: their human turns (at most MAX_SESSION_TURNS each), think times drawn from the seed. */
export function planShareGptSessions(conversations: readonly ShareGptConversation[], settings: Pick<SessionInputs, "thinkTimeMs" | "seed">): SessionPlan {
  const kept = conversations.map((conversation) => conversation.humanTurns.slice(0, MAX_SESSION_TURNS));
  const thinks = drawThinkTimes(settings, kept.map((turns) => turns.length));
  const sessions = conversations.map((conversation, index): SessionSpec => {
    const session: SessionSpec = { id: conversation.id, turns: kept[index]!.map((prompt, turn) => ({ prompt, thinkMs: thinks[index]![turn]! })) };
    if (conversation.system !== undefined) session.system = conversation.system;
    return session;
  });
  return { sessions, startRounds: 0 };
}

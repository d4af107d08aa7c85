// `inputs.trace`: a production trace replayed at its own times, with prompts of its lengths cut from the
// corpus (docs/workloads.md). The file is read by the caller (a path on the command line, a file picked
// in the dashboard); this is what the scenario says about it.
import { z } from "zod";
import { TRACE_FORMATS } from "./trace";
import { workloadSeedSchema } from "./synthetic-inputs";
import { tokenizerChoiceSchema } from "./tokenizer-choice";

/** Mooncake's block: each hash id in its traces stands for 512 tokens of prompt. */
export const DEFAULT_BLOCK_SIZE = 512;

export const traceInputsSchema = z
  .strictObject({
    file: z.string({ error: "must be a file path" }).min(1, "must not be empty").max(4096, "must be at most 4096 characters"),
    /** Told from the file's first line when left out. */
    format: z.enum(TRACE_FORMATS, { error: `must be one of ${TRACE_FORMATS.join(", ")}` }).optional(),
    /** The trace's times are divided by this: 10 replays ten minutes of trace in one. */
    speedup: z.number({ error: "must be a number" }).positive("must be more than 0").max(100_000, "must be at most 100000").default(1),
    /** The part to replay, in seconds after the trace's first request, on the trace's own clock. */
    from: z.number({ error: "must be a number of seconds" }).min(0, "must be 0 or more").optional(),
    to: z.number({ error: "must be a number of seconds" }).positive("must be more than 0").optional(),
    /** Tokens each hash id stands for. */
    blockSize: z.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(65_536, "must be at most 65536").default(DEFAULT_BLOCK_SIZE),
    seed: workloadSeedSchema,
    tokenizer: tokenizerChoiceSchema.optional(),
  })
  .superRefine((trace, context) => {
    if (trace.to !== undefined && trace.to <= (trace.from ?? 0)) context.addIssue({ code: "custom", path: ["to"], message: `must be after from (${trace.from ?? 0} s)` });
  });

export type TraceInputs = z.output<typeof traceInputsSchema>;

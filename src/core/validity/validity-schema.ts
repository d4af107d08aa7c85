// A run's validity as a bundle's tail carries it, checked when read back (a hand-edited file is refused by field).
import { z } from "zod";
import { CLIENT_MAY_HAVE_LIMITED, CLIENT_NOT_LIMITING, type Validity } from "./client-validity";

const figure = z.number().finite().min(0);
const sentence = z.string().max(2000);

export const validitySchema = z.strictObject({
  verdict: z.enum([CLIENT_NOT_LIMITING, CLIENT_MAY_HAVE_LIMITED]),
  reasons: z.array(sentence).max(100),
  notes: z.array(sentence).max(10_000),
  figures: z.strictObject({
    loop: z.enum(["closed", "open", "closed and open"]),
    clientLoad: z.strictObject({
      eventLoopDelay: z.strictObject({ resolutionMs: figure, p50Ms: figure, p99Ms: figure, maxMs: figure, samples: z.number().int().min(0) }),
      cpuCores: figure,
      sendingThreads: z.number().int().min(1),
      measuredOn: z.string().max(200),
      wallMs: figure,
    }),
    selfCheck: z.strictObject({ requests: z.number().int().min(0), ttftErrorP50Ms: figure, ttftErrorP99Ms: figure, latencyErrorP50Ms: figure, latencyErrorP99Ms: figure }).nullable(),
    targets: z.array(z.strictObject({ targetId: z.string().min(1), tokenCounts: z.enum(["reported", "estimated"]), queueP99Ms: figure.nullable() })).max(10_000),
  }),
}) satisfies z.ZodType<Validity>;

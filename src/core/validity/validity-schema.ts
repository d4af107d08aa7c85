// A run's validity as a bundle's tail carries it, checked when read back (a hand-edited file is refused by field).
import { z } from "zod";
import type { BrowserValidity, RunValidity } from "./browser-validity";
import { CLIENT_MAY_HAVE_LIMITED, CLIENT_NOT_LIMITING, type Validity } from "./client-validity";

const figure = z.number().finite().min(0);
const sentence = z.string().max(2000);

const targetFootingsSchema = z.array(z.strictObject({ targetId: z.string().min(1), tokenCounts: z.enum(["reported", "estimated"]), queueP99Ms: figure.nullable() })).max(10_000);

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
    targets: targetFootingsSchema,
  }),
}) satisfies z.ZodType<Validity>;

/** A browser run's certificate (browser-validity.ts), as a bundle exported from the dashboard carries it. */
export const browserValiditySchema = z.strictObject({
  client: z.literal("browser"),
  verdict: z.enum([CLIENT_NOT_LIMITING, CLIENT_MAY_HAVE_LIMITED]),
  reasons: z.array(sentence).max(10_000),
  notes: z.array(sentence).max(10_000),
  unmeasured: z.array(sentence).max(100),
  figures: z.strictObject({
    loop: z.enum(["closed", "open", "closed and open"]),
    mainThreadLag: z.strictObject({ resolutionMs: figure, p50Ms: figure, p99Ms: figure, maxMs: figure, samples: z.number().int().min(0) }).nullable(),
    connectionQueues: z
      .array(z.strictObject({ origin: z.string().max(2000), requests: z.number().int().min(0), queuedRequests: z.number().int().min(0), longestWaitMs: figure }))
      .max(10_000),
    connectionsPerHost: z.number().int().min(1),
    http1Origins: z.array(z.strictObject({ origin: z.string().max(2000), targetIds: z.array(z.string().min(1)).max(10_000) })).max(10_000),
    targets: targetFootingsSchema,
  }),
}) satisfies z.ZodType<BrowserValidity>;

/** Either front end's certificate, as a bundle's tail carries it. */
export const runValiditySchema = z.union([validitySchema, browserValiditySchema]) satisfies z.ZodType<RunValidity>;

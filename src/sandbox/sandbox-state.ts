// What one running sandbox keeps between requests: each profile's generator, counts and capacity queue,
// and the server-wide request count behind the request ids it makes up.
import type { IncomingMessage } from "node:http";
import { parseSandboxRequest, SANDBOX_REQUEST_HEADER } from "../core/endpoints";
import { driftFactor } from "./drift";
import { createProfileMetrics, type ProfileMetrics } from "./metrics-page";
import { createProfileRandom, drawIdentifiedRequest, drawRequest, type RequestDraw } from "./plan";
import { createPrefixCache, type PrefixCache } from "./prefix-cache";
import { PROFILE_NAMES, PROFILES, type Profile, type ProfileName } from "./profiles";
import type { Random } from "./random";
import type { SandboxSettings } from "./server-options";

export interface ProfileRuntime {
  random: Random;
  requestCount: number;
  /** Inference requests open (waiting or served), and the most at once. */
  open: number;
  peakOpen: number;
  /** Requests being served, and those waiting for the profile's capacity, first come first served. */
  serving: number;
  waiting: (() => void)[];
  /** What its `/metrics` page counts (metrics-page.ts). */
  metrics: ProfileMetrics;
  /** The prompt prefixes it has seen, for a profile that caches them (Profile.prefixCache); null otherwise. */
  prefixCache: PrefixCache | null;
}

export interface SandboxState {
  readonly settings: SandboxSettings;
  readonly runtimes: ReadonlyMap<ProfileName, ProfileRuntime>;
  /** Unix seconds: the `created` of the models list. */
  readonly startedAtSeconds: number;
  /** Requests received on any route: the ids made up for requests that bring none count them. */
  requestCount: number;
  /** e.g. `http://127.0.0.1:8787`: known once the server listens. */
  baseUrl: string;
}

export function createSandboxState(settings: SandboxSettings): SandboxState {
  return {
    settings,
    runtimes: new Map<ProfileName, ProfileRuntime>(
      PROFILE_NAMES.map((name) => [name, { random: createProfileRandom(settings.seed, name), requestCount: 0, open: 0, peakOpen: 0, serving: 0, waiting: [], metrics: createProfileMetrics(), prefixCache: prefixCacheOf(PROFILES[name]) }]),
    ),
    startedAtSeconds: Math.floor(Date.now() / 1000),
    requestCount: 0,
    baseUrl: "",
  };
}

function prefixCacheOf(profile: Profile): PrefixCache | null {
  return profile.prefixCache === undefined ? null : createPrefixCache(profile.prefixCache);
}

export function runtimeOf(state: SandboxState, profile: ProfileName): ProfileRuntime {
  return state.runtimes.get(profile) as ProfileRuntime;
}

/** A drifted profile's delays are scaled once more, in this run and the ones after its start (drift.ts). */
export function timeScaleOf(state: SandboxState, profile: ProfileName): number {
  const { timeScale, drift, runNumber } = state.settings;
  return timeScale * driftFactor(drift, profile, runNumber);
}

/**
 * Everything random about a request: from the seed and the identity a run's request carries, or, for
 * a request that says nothing (curl, another tool), the profile's sequence since the server started.
 */
export function drawFor(state: SandboxState, profile: Profile, request: IncomingMessage): RequestDraw {
  const runtime = runtimeOf(state, profile.name);
  runtime.requestCount++;
  const sent = request.headers[SANDBOX_REQUEST_HEADER];
  const identity = parseSandboxRequest(typeof sent === "string" ? sent : undefined);
  return identity === null ? drawRequest(runtime.random, runtime.requestCount) : drawIdentifiedRequest(state.settings.seed, profile.name, identity);
}

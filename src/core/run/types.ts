// The run's shared types, apart from the runner: the resume plan (resume-plan.ts), which the runner
// imports, names planned requests without importing the scheduler back.

/** One request of a run's plan: which target, which input, which repetition, warm-up or measured. */
export interface PlannedRequest {
  targetId: string;
  inputIndex: number;
  repetition: number;
  warmup: boolean;
}

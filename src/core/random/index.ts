// The random room: seeded randomness, one seed one sequence (the bootstrap, load arrivals, change points,
// synthetic workloads, the sandbox and the fuzz tests). It imports no other room.
export * from "./random";

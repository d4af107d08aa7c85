/** A run's input that cannot be used (the scenario, the token, a dataset, the sandbox not answering): exit code 2. */
export class InputProblem extends Error {}

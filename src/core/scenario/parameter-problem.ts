// A request parameter that is refused, with where it is: shared by the checks of ordinary parameters
// (request-parameters.ts) and of tools (tool-parameters.ts), apart so neither imports the other back.
export interface ParameterProblem {
  /** Relative to `parameters`. */
  path: (string | number)[];
  message: string;
}

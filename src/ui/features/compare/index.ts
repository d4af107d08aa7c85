// What other features may use of the compare views; everything else in this folder is internal.
export { LiveSummary } from "./live-summary";
export { RunComparison } from "./run-comparison";
export { RunDiff } from "./run-diff";
export { BundleButton } from "./bundle-button";

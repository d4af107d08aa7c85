// What other features may use of the compare views; everything else in this folder is internal.
export { LiveSummary } from "./live-summary";
export { RunComparison } from "./run-comparison";
export { RunDiff } from "./run-diff";
export { BundleButton } from "./bundle-button";
// The chart frame (definition, SVG and PNG downloads), legend and axis helpers, for History's Trends charts.
export { ChartFrame } from "./chart-frame";
export { ChartLegend, type LegendItem } from "./chart-parts";
export { axisLabel, niceTicks } from "./chart-format";

// The screen's formatters are core's: the CLI, the CSV and every page format numbers one way.
export * from "../../../core/text/format";

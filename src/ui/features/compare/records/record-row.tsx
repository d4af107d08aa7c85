import type { RequestRecord } from "../../../../core/record";
import { MISSING, formatCount, formatMs, formatOffsetSeconds } from "../../../components/ui/format";
import { TargetSwatch } from "../../../components/ui/target-swatch";
import type { TargetInfo } from "../target-info";
import "../compare.css";

/** Column order and widths of the records table; the header and RecordRow's cells follow it. */
export const RECORD_COLUMNS: readonly { id: string; header: string; widthPx: number; numeric?: boolean }[] = [
  { id: "target", header: "Target", widthPx: 170 },
  { id: "input", header: "Input", widthPx: 56, numeric: true },
  { id: "repetition", header: "Rep", widthPx: 48, numeric: true },
  { id: "attempt", header: "Attempt", widthPx: 70, numeric: true },
  { id: "warmup", header: "Warm-up", widthPx: 80 },
  { id: "start", header: "Start", widthPx: 80, numeric: true },
  { id: "ttft", header: "TTFT", widthPx: 80, numeric: true },
  { id: "latency", header: "Latency", widthPx: 84, numeric: true },
  { id: "status", header: "Status", widthPx: 56 },
  { id: "errorKind", header: "Error kind", widthPx: 100 },
  { id: "httpStatus", header: "HTTP", widthPx: 50, numeric: true },
  { id: "tokens", header: "Tokens", widthPx: 64, numeric: true },
  { id: "checks", header: "Checks", widthPx: 140 },
  { id: "errorMessage", header: "Error message", widthPx: 260 },
];

function outputTokensText(record: RequestRecord): string {
  if (record.outputTokens === null) return MISSING;
  return `${record.tokensEstimated ? "≈" : ""}${formatCount(record.outputTokens)}`;
}

/** "passed", "failed: <names>", or nothing when the output was not checked. */
function checksText(record: RequestRecord): string {
  if (record.checksPassed === true) return "passed";
  if (record.checksPassed === false) return `failed: ${record.failedChecks ?? ""}`;
  return "";
}

/** One request attempt; cells never wrap, so every row has the same height. */
export function RecordRow(props: { record: RequestRecord; target: TargetInfo | undefined; runStartMs: number }) {
  const { record, target, runStartMs } = props;
  return (
    <tr data-testid="record-row" className={record.status === "error" ? "pb-record-failed" : undefined}>
      <td title={record.targetId}>
        <TargetSwatch color={target?.color ?? "currentColor"} />
        {target?.label ?? record.targetId}
      </td>
      <td className="pb-num">{record.inputIndex}</td>
      <td className="pb-num">{record.repetition}</td>
      <td className="pb-num">{record.attempt}</td>
      <td>{record.warmup ? "warm-up" : ""}</td>
      <td className="pb-num">{formatOffsetSeconds(record.startedAt - runStartMs)}</td>
      <td className="pb-num">{formatMs(record.ttftMs)}</td>
      <td className="pb-num">{formatMs(record.latencyMs)}</td>
      <td>{record.status}</td>
      <td>{record.errorKind ?? ""}</td>
      <td className="pb-num">{record.httpStatus ?? ""}</td>
      <td
        className="pb-num"
        title={record.tokensEstimated ? "Estimated from the stream" : record.inputTokens === null ? undefined : `${record.inputTokens} input tokens`}
      >
        {outputTokensText(record)}
      </td>
      <td title={record.failedChecks ?? undefined}>{checksText(record)}</td>
      <td title={record.errorMessage ?? undefined}>{record.errorMessage ?? ""}</td>
    </tr>
  );
}

// An event stream read by the SSE rules as its bytes arrive, for the two things that decide a record: a
// `data: [DONE]` event (the stream is complete) and an `event: error` event (the provider says it failed).
// A byte loop that allocates nothing unless it keeps an error event's data: it runs on every chunk.

const enum ScanState {
  LineStart,
  Field,
  ValueStart,
  Value,
  SkipLine,
}

const DONE_BYTES = new TextEncoder().encode("[DONE]");
const ERROR_BYTES = new TextEncoder().encode("error");
const DATA_BYTES = new TextEncoder().encode("data");
const EVENT_BYTES = new TextEncoder().encode("event");
const COLON = 0x3a;
const SPACE = 0x20;
const CR = 0x0d;
const LF = 0x0a;
/** Bytes of an error event's data kept for its message. */
const ERROR_DATA_MAX_BYTES = 2048;

const enum Field {
  Other,
  Data,
  Event,
}

/**
 * Reads an event stream by the SSE rules (lines ending in CR, LF or CRLF; `field: value`; `:` comments;
 * a blank line ends an event) as bytes arrive, and keeps only what decides the record: whether an event
 * whose data is exactly `[DONE]` arrived, and whether an event of type `error` did (with its data, when
 * the `event:` line came first, as providers send it). The text "[DONE]" anywhere else (a comment, an
 * `id:`, a content token) completes nothing.
 */
export class EventStreamScanner {
  sawDone = false;
  errorEvent = false;
  /** Bytes of the line not yet ended. */
  lineBytes = 0;
  private state = ScanState.LineStart;
  private afterCr = false;
  private fieldIndex = 0;
  private maybeData = true;
  private maybeEvent = true;
  private field = Field.Other;
  private valueIndex = 0;
  private valueMatches = true;
  private dataLines = 0;
  private dataIsDone = false;
  private eventIsError = false;
  private errorBytes: number[] | null = null;

  scan(chunk: Uint8Array): void {
    let lastLineEnd = -1;
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index]!;
      if (this.afterCr) {
        this.afterCr = false;
        if (byte === LF) continue;
      }
      if (byte === CR || byte === LF) {
        this.afterCr = byte === CR;
        lastLineEnd = index;
        this.endLine();
        if (this.sawDone || this.errorEvent) return;
        continue;
      }
      switch (this.state) {
        case ScanState.LineStart:
          if (byte === COLON) {
            this.state = ScanState.SkipLine;
            break;
          }
          this.state = ScanState.Field;
          this.fieldIndex = 0;
          this.maybeData = true;
          this.maybeEvent = true;
          this.matchField(byte);
          break;
        case ScanState.Field:
          if (byte === COLON) this.startValue();
          else this.matchField(byte);
          break;
        case ScanState.ValueStart:
          this.state = ScanState.Value;
          if (byte !== SPACE) this.matchValue(byte);
          break;
        case ScanState.Value:
          this.matchValue(byte);
          break;
        case ScanState.SkipLine:
          break;
      }
    }
    this.lineBytes = lastLineEnd < 0 ? this.lineBytes + chunk.length : chunk.length - lastLineEnd - 1;
  }

  /** The error event's data as text, when it was kept. */
  errorData(): string | null {
    return this.errorBytes && this.errorBytes.length > 0 ? new TextDecoder().decode(new Uint8Array(this.errorBytes)) : null;
  }

  private matchField(byte: number): void {
    this.maybeData &&= DATA_BYTES[this.fieldIndex] === byte;
    this.maybeEvent &&= EVENT_BYTES[this.fieldIndex] === byte;
    this.fieldIndex++;
  }

  private startValue(): void {
    this.field =
      this.maybeData && this.fieldIndex === DATA_BYTES.length ? Field.Data : this.maybeEvent && this.fieldIndex === EVENT_BYTES.length ? Field.Event : Field.Other;
    this.state = this.field === Field.Other ? ScanState.SkipLine : ScanState.ValueStart;
    this.valueIndex = 0;
    this.valueMatches = true;
    if (this.field === Field.Data) this.dataLines++;
    if (this.field === Field.Data && this.eventIsError && this.errorBytes && this.dataLines > 1) this.errorBytes.push(LF);
  }

  private matchValue(byte: number): void {
    const expected = this.field === Field.Data ? DONE_BYTES : ERROR_BYTES;
    this.valueMatches &&= expected[this.valueIndex] === byte;
    this.valueIndex++;
    if (this.field === Field.Data && this.eventIsError && this.errorBytes && this.errorBytes.length < ERROR_DATA_MAX_BYTES) this.errorBytes.push(byte);
  }

  private endLine(): void {
    const state = this.state;
    this.state = ScanState.LineStart;
    if (state === ScanState.LineStart) return this.dispatch();
    // A line without a colon is a field name with an empty value.
    if (state === ScanState.Field) this.startValue();
    else if (state === ScanState.SkipLine) return;
    const exact = this.valueMatches && this.valueIndex === (this.field === Field.Data ? DONE_BYTES.length : ERROR_BYTES.length);
    if (this.field === Field.Data) {
      this.dataIsDone = this.dataLines === 1 && exact;
    } else if (this.field === Field.Event) {
      this.eventIsError = exact;
      this.errorBytes = exact ? [] : null;
    }
  }

  /** A blank line: the event is complete. */
  private dispatch(): void {
    // An error event counts even without data: a provider that says "error" has not answered.
    if (this.eventIsError) this.errorEvent = true;
    else if (this.dataLines > 0 && this.dataIsDone) this.sawDone = true;
    this.dataLines = 0;
    this.dataIsDone = false;
    if (!this.errorEvent) {
      this.eventIsError = false;
      this.errorBytes = null;
    }
  }
}

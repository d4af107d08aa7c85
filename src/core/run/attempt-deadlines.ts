// The attempts in flight, each with its deadline, behind one timer. Every attempt of a run has the same
// timeout, so the order they started in is the order they fall due: a list in start order (unlinked in
// O(1) when an attempt ends) and one timer for its head replace a timer per attempt, and the run's abort
// walks the same list instead of a listener per attempt. Pure: no Node, no DOM.
import type { WireEvents } from "../measure";

/** What the deadlines abort: an attempt's controller, and the request it has on the wire, if any. */
export interface DeadlineEntry {
  readonly controller: AbortController;
  /** Why the controller was aborted first: its deadline passed, or the run was aborted. */
  cause: "timeout" | "aborted" | null;
  /**
   * The attempt's WireEvents: a transport that sees the socket registers its request there, and the abort
   * reaches it directly, where a listener on the signal per request would cost an EventTarget's bookkeeping.
   */
  wire: WireEvents | null;
}

interface Node extends DeadlineEntry {
  deadline: number;
  prev: Node | null;
  next: Node | null;
  linked: boolean;
}

export interface AttemptDeadlines {
  /** An attempt starts now: it is aborted with a TimeoutError at now + timeoutMs unless it ends first. */
  start(controller: AbortController): DeadlineEntry;
  /** The attempt ended (however): it is no longer timed nor reached by abortAll. */
  end(entry: DeadlineEntry): void;
  /** Aborts every attempt in flight (the run's abort), with this reason. */
  abortAll(reason: unknown): void;
  /** Attempts in flight. */
  readonly size: number;
}

export function createAttemptDeadlines(options: { timeoutMs: number; now: () => number }): AttemptDeadlines {
  const { timeoutMs, now } = options;
  let head: Node | null = null;
  let tail: Node | null = null;
  let size = 0;
  /** Armed for the deadline of the head when it was armed (an attempt that may have ended since). */
  let timer: ReturnType<typeof setTimeout> | null = null;

  const unlink = (node: Node): void => {
    if (!node.linked) return;
    node.linked = false;
    if (node.prev === null) head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = node.next = null;
    size--;
  };

  const arm = (deadline: number): void => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, deadline - now()));
  };

  const disarm = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const abort = (node: Node, cause: "timeout" | "aborted", reason: unknown): void => {
    unlink(node);
    if (node.controller.signal.aborted) return;
    node.cause = cause;
    node.controller.abort(reason);
    node.wire?.request?.abort(reason);
  };

  /** The head's deadline came (or an earlier head's, which ended since): abort what is due, re-arm for the rest. */
  function fire(): void {
    timer = null;
    const at = now();
    while (head !== null && head.deadline <= at) {
      abort(head, "timeout", new DOMException(`no complete answer within ${timeoutMs} ms`, "TimeoutError"));
    }
    if (head !== null) arm(head.deadline);
  }

  return {
    start(controller) {
      const node: Node = { controller, cause: null, wire: null, deadline: now() + timeoutMs, prev: tail, next: null, linked: true };
      if (tail === null) head = node;
      else tail.next = node;
      tail = node;
      size++;
      // Deadlines only grow: an armed timer is due no later than this one. A timer armed for an attempt that
      // has ended since fires early, finds nothing due and re-arms for the head then (one wake-up per timeout).
      if (timer === null) arm(node.deadline);
      return node;
    },
    end(entry) {
      unlink(entry as Node);
      // Nothing left to time: no timer keeps the process (or the page) waiting for a deadline of nobody's.
      if (head === null) disarm();
    },
    abortAll(reason) {
      while (head !== null) abort(head, "aborted", reason);
      disarm();
    },
    get size() {
      return size;
    },
  };
}

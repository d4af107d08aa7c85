// Per-request network timings read through the DevTools protocol. The page's own Resource Timing
// entries cannot show them here: for a cross-origin fetch without a `Timing-Allow-Origin` header (the
// sandbox sends none, nor do most providers) Chromium zeroes requestStart/connectEnd and blanks
// nextHopProtocol. The DevTools protocol reports the same timings DevTools' waterfall shows.
import type { CDPSession, Page } from "playwright-core";

export interface SentRequest {
  url: string;
  /** Handed to the network stack (fetch called) → request sent on a connection: the wait for a free connection. */
  waitBeforeSendMs: number;
  /** Whether a new connection was opened for it. */
  newConnection: boolean;
  connectionId: number;
  /** ALPN / HTTP version as Chromium negotiated it, e.g. "http/1.1". */
  protocol: string;
}

export interface NetworkLog {
  /** Requests with a response so far, for this method and URL ending. */
  sentRequests(method: string, urlEnding: string): SentRequest[];
  clear(): void;
  stop(): Promise<void>;
}

interface RequestWillBeSent {
  requestId: string;
  timestamp: number;
  request: { url: string; method: string };
}

interface ResponseReceived {
  requestId: string;
  response: {
    protocol?: string;
    connectionId: number;
    connectionReused: boolean;
    timing?: { requestTime: number; sendStart: number };
  };
}

export async function startNetworkLog(page: Page): Promise<NetworkLog> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const issued = new Map<string, RequestWillBeSent>();
  let sent: (SentRequest & { method: string })[] = [];
  session.on("Network.requestWillBeSent", (event: RequestWillBeSent) => {
    issued.set(event.requestId, event);
  });
  session.on("Network.responseReceived", (event: ResponseReceived) => {
    const request = issued.get(event.requestId);
    const timing = event.response.timing;
    if (request === undefined || timing === undefined) return;
    issued.delete(event.requestId);
    // Both clocks are the browser's monotonic clock in seconds; sendStart is ms after requestTime.
    sent.push({
      url: request.request.url,
      method: request.request.method,
      waitBeforeSendMs: timing.requestTime * 1000 + timing.sendStart - request.timestamp * 1000,
      newConnection: !event.response.connectionReused,
      connectionId: event.response.connectionId,
      protocol: event.response.protocol ?? "",
    });
  });
  await session.send("Network.enable");
  return {
    sentRequests: (method, urlEnding) => sent.filter((request) => request.method === method && request.url.endsWith(urlEnding)),
    clear: () => {
      sent = [];
      issued.clear();
    },
    stop: async () => {
      await session.send("Network.disable");
      await session.detach();
    },
  };
}

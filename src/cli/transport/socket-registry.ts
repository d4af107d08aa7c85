// Which connection carried a request, and what opening it cost. The transport's connector notes each new
// socket's connect and TLS times; undici's `undici:client:sendHeaders` diagnostics channel names the
// socket a request is written to. undici calls the handler's onConnect and publishes sendHeaders for the
// same request synchronously, one right after the other (lib/dispatcher/client-h1.js, writeH1), so the
// handler that was just assigned is the one the next sendHeaders message is about.
import { subscribe } from "node:diagnostics_channel";
import type { Socket } from "node:net";

export interface SocketInfo {
  /** Name lookup and TCP connect, milliseconds. */
  connectMs: number;
  /** TLS handshake, milliseconds; null over plain http. */
  tlsMs: number | null;
  /** Requests written to this socket so far. */
  requests: number;
}

/** What a request learns about its connection once it is written to one. */
export interface ConnectionListener {
  onSocket(info: SocketInfo | undefined): void;
}

const sockets = new WeakMap<Socket, SocketInfo>();
let assigning: ConnectionListener | null = null;
let subscribed = false;

export function noteNewSocket(socket: Socket, info: Omit<SocketInfo, "requests">): void {
  sockets.set(socket, { ...info, requests: 0 });
}

/**
 * Called from the handler's onConnect: the next sendHeaders message is this request's. Cleared at the end
 * of the current task in case undici does not write it after all (an abort at that very moment, HTTP/2).
 */
export function expectSendHeaders(listener: ConnectionListener): void {
  ensureSubscribed();
  assigning = listener;
  queueMicrotask(() => {
    if (assigning === listener) assigning = null;
  });
}

function ensureSubscribed(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe("undici:client:sendHeaders", (message) => {
    const listener = assigning;
    if (listener === null) return;
    assigning = null;
    const socket = (message as { socket?: Socket }).socket;
    const info = socket ? sockets.get(socket) : undefined;
    listener.onSocket(info);
    if (info) info.requests++;
  });
}

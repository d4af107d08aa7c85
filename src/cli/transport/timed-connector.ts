// The transport's connector: undici's own, timed. Each new socket's name lookup and TCP connect, and its
// TLS handshake, are noted for the requests it will carry (socket-registry.ts); only the request that
// opened a connection reports them.
import type { Socket } from "node:net";
import { buildConnector } from "undici";
import { noteNewSocket } from "./socket-registry";

export function timedConnector(now: () => number, options: { allowH2: boolean; ca?: string | undefined }): buildConnector.connector {
  const baseConnect = buildConnector({ allowH2: options.allowH2, ...(options.ca === undefined ? {} : { ca: options.ca }) });
  return (connectOptions, callback) => {
    const startedAt = now();
    let tcpConnectedAt: number | null = null;
    const secure = connectOptions.protocol === "https:";
    const socket = baseConnect(connectOptions, (error, connected) => {
      if (error === null && connected) {
        const readyAt = now();
        const tcpAt = tcpConnectedAt ?? readyAt;
        noteNewSocket(connected as Socket, { connectMs: tcpAt - startedAt, tlsMs: secure ? readyAt - tcpAt : null });
      }
      if (error === null) callback(null, connected!);
      else callback(error, null);
    }) as unknown as Socket | undefined;
    socket?.once("connect", () => (tcpConnectedAt = now()));
    return socket as unknown as ReturnType<buildConnector.connector>;
  };
}

// An OpenAI-compatible server on 127.0.0.1 that answers every request (streamed or not) with the Authorization
// header it received, and keeps what arrived: the server-side proof of where a token went.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ArrivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface EchoServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  arrived: ArrivedRequest[];
  close(): Promise<void>;
}

export async function startEchoServer(): Promise<EchoServer> {
  const arrived: ArrivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      arrived.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      // Browsers preflight the POST: let it through so the answer is readable.
      const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "*", "access-control-allow-methods": "POST, OPTIONS" };
      if (request.method === "OPTIONS") {
        response.writeHead(204, cors).end();
        return;
      }
      const echoed = `authorization=${request.headers.authorization ?? "(none)"}`;
      if (body.includes('"stream":true')) {
        const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
          `data: ${JSON.stringify({ id: "echo", object: "chat.completion.chunk", created: 1714873384, model: "echo", choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
        response.writeHead(200, { ...cors, "content-type": "text/event-stream" });
        response.end(`${chunk({ role: "assistant", content: echoed }, null)}${chunk({}, "stop")}data: [DONE]\n\n`);
        return;
      }
      response.writeHead(200, { ...cors, "content-type": "application/json" }).end(
        JSON.stringify({
          id: "echo",
          object: "chat.completion",
          created: 1714873384,
          model: "echo",
          choices: [{ index: 0, message: { role: "assistant", content: echoed }, finish_reason: "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrived,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The transport's body queue keeps when each chunk came off the socket, and tells the reader's side.
import { describe, expect, it } from "vitest";
import { newWireEvents } from "../../src/core/measure";
import { WireBody } from "../../src/cli/transport/wire-body";

describe("WireBody chunk arrival", () => {
  it("notes a queued chunk's arrival, not the moment it is read", async () => {
    let clock = 5;
    const events = newWireEvents();
    const body = new WireBody(() => undefined, null, { now: () => clock, events });
    body.push(new Uint8Array([1]));
    clock = 9;
    body.push(new Uint8Array([2]));
    clock = 50;
    const reader = body.getReader();
    expect((await reader.read()).value).toEqual(new Uint8Array([1]));
    expect(events.chunkArrivedAt).toBe(5);
    expect((await reader.read()).value).toEqual(new Uint8Array([2]));
    expect(events.chunkArrivedAt).toBe(9);
    // A read already waiting gets the chunk as it arrives.
    const waiting = reader.read();
    clock = 70;
    body.push(new Uint8Array([3]));
    await waiting;
    expect(events.chunkArrivedAt).toBe(70);
  });

  it("stamps every socket ready in one turn before any waiting reader runs (the client's parsing is not the provider's latency)", async () => {
    const order: string[] = [];
    let clock = 0;
    const bodies = ["a", "b"].map((name) => {
      const events = newWireEvents();
      const body = new WireBody(() => undefined, null, { now: () => (order.push(`stamp ${name}`), ++clock), events });
      const read = body
        .getReader()
        .read()
        .then((result) => {
          order.push(`read ${name}`);
          return { result, arrivedAt: events.chunkArrivedAt };
        });
      return { body, read };
    });
    bodies[0]!.body.push(new Uint8Array([1]));
    // Node drains the microtask queue between two sockets' data callbacks: a reader resolved at once would run here.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    bodies[1]!.body.push(new Uint8Array([2]));
    const [a, b] = await Promise.all(bodies.map((entry) => entry.read));
    expect(order).toEqual(["stamp a", "stamp b", "read a", "read b"]);
    expect([a!.arrivedAt, b!.arrivedAt]).toEqual([1, 2]);
    expect(a!.result.value).toEqual(new Uint8Array([1]));
  });

  it("gives a waiting reader the chunks that came before a failure, then the failure", async () => {
    const body = new WireBody(() => undefined);
    const reader = body.getReader();
    const first = reader.read();
    body.push(new Uint8Array([7]));
    body.fail(new Error("socket reset"));
    expect((await first).value).toEqual(new Uint8Array([7]));
    await expect(reader.read()).rejects.toThrow("socket reset");
  });
});

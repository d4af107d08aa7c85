// The transport's body queue keeps when each chunk came off the socket, and tells the reader's side.
import { describe, expect, it } from "vitest";
import { newWireEvents } from "../../src/core/http-phases";
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
});

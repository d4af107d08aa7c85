// The window of recent records a live run snapshot holds: the last few, oldest first, however many arrive.
import { describe, expect, it } from "vitest";
import { recentRecords } from "../../../src/session/recent-records";
import { testRecord } from "../store/fixtures";

const records = (count: number) => Array.from({ length: count }, (_, index) => testRecord("run", index));

describe("recent records", () => {
  it("holds every record, in arrival order, until the window is full", () => {
    const window = recentRecords(5);
    const arrived = records(3);
    for (const record of arrived) window.add(record);
    expect(window.toArray()).toEqual(arrived);
  });

  it("keeps the last ones, oldest first, once more arrive than it holds", () => {
    const window = recentRecords(5);
    const arrived = records(13);
    for (const record of arrived) window.add(record);
    expect(window.toArray()).toEqual(arrived.slice(-5));
  });

  it("hands out a copy, so a snapshot already published does not change under its readers", () => {
    const window = recentRecords(2);
    const [first, second, third] = records(3);
    window.add(first!);
    window.add(second!);
    const published = window.toArray();
    window.add(third!);
    expect(published).toEqual([first, second]);
    expect(window.toArray()).toEqual([second, third]);
  });

  it("refuses a window that could hold nothing", () => {
    expect(() => recentRecords(0)).toThrow(RangeError);
  });
});

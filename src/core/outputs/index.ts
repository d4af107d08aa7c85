// The outputs room: a record's output read back, by kind (text, labels, vectors, boxes, files).
export * from "./output-kind";
export * from "./read-output";

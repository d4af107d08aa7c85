// The endpoints room: where requests go and what may cross an origin: http(s) URLs as the library takes
// them, an endpoint's origin, redirects within an origin, the sandbox's address scheme and request
// header, and a body read within a bound. It imports no other room.
export * from "./bounded-read";
export * from "./endpoint-origin";
export * from "./http-url";
export * from "./parsed-url";
export * from "./same-origin-redirects";
export * from "./sandbox-request";
export * from "./sandbox-url";

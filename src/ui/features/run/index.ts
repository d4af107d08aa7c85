// What the app shell composes from the run feature (the Run page itself loads on demand, by path): the
// watch on the browser's connection queue, which the app starts beside its run controller.
export { watchConnectionQueueing, type ConnectionWatch, type RunQueueing } from "./connection-watch";

// Pages are not exported here: the router imports each lazily from its own module, and a page
// re-exported by this barrel would load with every chunk that imports the barrel.
export { queueQueryOptions, queuesQueryOptions } from "./api/queues.queries";
export { ColorMenuField } from "./components/color-menu-field";
export { useQueues } from "./hooks/use-queues";
export { unstaffedQueueIdsOf, useUnstaffedQueueIds } from "./hooks/use-unstaffed-queues";

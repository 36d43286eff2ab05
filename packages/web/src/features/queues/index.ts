export { QueueFormPage } from "./components/queue-form-page";
export { QueuesPage } from "./components/queues-page";
export { queueQueryOptions, queuesQueryOptions } from "./api/queues.queries";
export { useQueues } from "./hooks/use-queues";

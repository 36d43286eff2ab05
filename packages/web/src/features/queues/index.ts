export { QueueFormPage } from "./components/queue-form-page";
export { QueuesPage } from "./components/queues-page";
export { queuesQueryKey, useQueues } from "./hooks/use-queues";

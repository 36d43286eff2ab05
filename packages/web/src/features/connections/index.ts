export { ConnectionFormPage } from "./components/connection-form-page";
export { ConnectionsPage } from "./components/connections-page";
export { SimulatorIndexPage, SimulatorPage } from "./components/simulator-page";
export { connectionQueryOptions, connectionsQueryOptions } from "./api/connections.queries";
export { useConnections } from "./hooks/use-connections";

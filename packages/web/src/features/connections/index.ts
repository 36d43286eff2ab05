export { ConnectionFormPage } from "./components/connection-form-page";
export { ConnectionsPage } from "./components/connections-page";
export { SimulatorIndexPage, SimulatorPage } from "./components/simulator-page";
export { useConnections } from "./hooks/use-connections";

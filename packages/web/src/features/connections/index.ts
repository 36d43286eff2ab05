// Pages are not exported here: the router imports each lazily from its own module, and a page
// re-exported by this barrel would load with every chunk that imports the barrel.
export { connectionQueryOptions, connectionsQueryOptions } from "./api/connections.queries";
export { useConnections } from "./hooks/use-connections";
// The shell's banner for connections down past the alert threshold (admins; issue 31).
export { ConnectionAlertBanner } from "./components/connection-alert-banner";

// Only the page: the router loads this feature as its own chunk (React.lazy), nothing else imports it.
export { MonitorPage } from "./components/monitor-page";

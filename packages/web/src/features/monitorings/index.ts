export { MonitoringFormPage } from "./components/monitoring-form-page";
export { MonitoringsPage } from "./components/monitorings-page";

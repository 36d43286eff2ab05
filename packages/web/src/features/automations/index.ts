export { AutomationFormPage } from "./components/automation-form-page";
export { AutomationsPage } from "./components/automations-page";

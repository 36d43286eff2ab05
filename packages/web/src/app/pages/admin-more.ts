// One chunk for two admin pages (as the bots' two): every lazy route costs the start bundle its
// loader and file list, and the /tickets route is at its budget. The audit page's module is only
// a lazy wrapper, so the automations page carries almost nothing more.
export { AutomationsPage } from "../../features/automations/components/automations-page";
export { AuditPage } from "../../features/audit/components/audit-page";

import { useTranslation } from "../../../lib/i18n";
import { AdminListPage } from "../../../components/admin-list-page";
import { paths } from "../../../lib/paths";
import { useDeleteMonitoring, useMonitorings, useMonitoringsLive } from "../hooks/use-monitorings";
import { MonitoringsTable } from "./monitorings-table";

/** /monitoring: numbers whose conversations go straight to an owner, attended or recorded (admins). */
export function MonitoringsPage() {
  const { t } = useTranslation();
  const query = useMonitorings({ silent: true });
  const deletion = useDeleteMonitoring();
  useMonitoringsLive();

  return (
    <AdminListPage
      title={t("pages.monitoring")}
      addLabel={t("monitorings.add")}
      newPath={paths.newMonitoring}
      editPath={paths.editMonitoring.href}
      query={query}
      emptyText={t("monitorings.empty")}
      deletion={deletion}
      deleteTitle={(monitoring) => t("monitorings.deleteTitle", { name: monitoring.name })}
      deleteText={t("monitorings.deleteText")}
      deletedMessage={t("monitorings.deleted")}
      table={(monitorings, actions) => <MonitoringsTable monitorings={monitorings} {...actions} />}
    />
  );
}

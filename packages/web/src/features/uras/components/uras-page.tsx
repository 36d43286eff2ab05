import { useTranslation } from "../../../lib/i18n";
import { AdminListPage } from "../../../components/admin-list-page";
import { paths } from "../../../lib/paths";
import { useDeleteUra, useUras, useUrasLive } from "../hooks/use-uras";
import { UrasTable } from "./uras-table";

/** /URA: the phone-style menus customers answer by typing an option (admins). */
export function UrasPage() {
  const { t } = useTranslation();
  const query = useUras({ silent: true });
  const deletion = useDeleteUra();
  useUrasLive();

  return (
    <AdminListPage
      title={t("pages.ura")}
      addLabel={t("uras.add")}
      newPath={paths.newUra}
      editPath={paths.editUra.href}
      query={query}
      emptyText={t("uras.empty")}
      deletion={deletion}
      deleteTitle={(ura) => t("uras.deleteTitle", { name: ura.name })}
      deleteText={t("uras.deleteText")}
      deletedMessage={t("uras.deleted")}
      table={(uras, actions) => <UrasTable uras={uras} {...actions} />}
    />
  );
}

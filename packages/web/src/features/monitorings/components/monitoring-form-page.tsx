import { useTranslation } from "../../../lib/i18n";
import { FormPage } from "../../../components/form-page";
import { paths } from "../../../lib/paths";
import { useIdParam } from "../../../lib/use-id-param";
import { useSavedAndBack } from "../../../lib/use-saved-and-back";
import { useEditedMonitoring, useSaveMonitoring } from "../hooks/use-monitorings";
import { monitoringBody } from "./monitoring-form.schema";
import { MonitoringForm } from "./monitoring-form";

/** /monitoring/new and /monitoring/edit/:id: saving returns to the list with a toast (spec §8). */
export function MonitoringFormPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const editing = useEditedMonitoring(id);
  const mutation = useSaveMonitoring(id);
  const saved = useSavedAndBack(t("monitorings.saved"), paths.monitoring);

  return (
    <FormPage title={t(id ? "monitorings.editTitle" : "monitorings.newTitle")} queries={editing.queries} ready={editing.ready}>
      {editing.ready && (
        <MonitoringForm
          monitoring={editing.record}
          saving={mutation.isPending}
          onSubmit={(values) => mutation.mutate(monitoringBody(values), { onSuccess: saved })}
        />
      )}
    </FormPage>
  );
}

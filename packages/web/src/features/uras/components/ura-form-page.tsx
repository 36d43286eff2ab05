import { useTranslation } from "../../../lib/i18n";
import { FormPage } from "../../../components/form-page";
import { paths } from "../../../lib/paths";
import { useIdParam } from "../../../lib/use-id-param";
import { useSavedAndBack } from "../../../lib/use-saved-and-back";
import { useEditedUra, useSaveUra } from "../hooks/use-uras";
import { uraBody } from "./ura-form.schema";
import { UraForm } from "./ura-form";

/** /URA/new and /URA/edit/:id: saving returns to the list with a toast (spec §8). */
export function UraFormPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const editing = useEditedUra(id);
  const mutation = useSaveUra(id);
  const saved = useSavedAndBack(t("uras.saved"), paths.ura);

  return (
    <FormPage title={t(id ? "uras.editTitle" : "uras.newTitle")} queries={editing.queries} ready={editing.ready}>
      {editing.ready && (
        <UraForm ura={editing.record} saving={mutation.isPending} onSubmit={(values) => mutation.mutate(uraBody(values, editing.record), { onSuccess: saved })} />
      )}
    </FormPage>
  );
}

import { EntityFormPage } from "../../../components/entity-form-page";
import { urasEntity } from "../api/uras.queries";
import { uraForm } from "./ura-form.schema";

/** /URA/new and /URA/edit/:id: saving returns to the list with a toast (spec §8). */
export function UraFormPage() {
  return <EntityFormPage entity={urasEntity} {...uraForm} />;
}

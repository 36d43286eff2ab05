export { UraFormPage } from "./components/ura-form-page";
export { UrasPage } from "./components/uras-page";

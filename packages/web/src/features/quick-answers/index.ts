export { quickAnswersListQueryOptions } from "./api/quick-answers.queries";
export { QuickAnswersPage } from "./components/quick-answers-page";

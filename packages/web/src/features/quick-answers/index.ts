export { QuickAnswersPage } from "./components/quick-answers-page";

export { FeedbackModal } from "./components/feedback-modal";

export { FeedbackMessages } from "./components/feedback-messages";
export { FeedbackModal } from "./components/feedback-modal";

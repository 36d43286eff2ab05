export { MentionsButton } from "./components/mentions-button";

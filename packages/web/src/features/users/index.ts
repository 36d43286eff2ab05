export { ProfileModal } from "./components/profile-modal";

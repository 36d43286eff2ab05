export { AnnouncementFormPage } from "./components/announcement-form-page";
export { AnnouncementsPage } from "./components/announcements-page";

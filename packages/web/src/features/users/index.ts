export { userQueryOptions, usersListQueryOptions } from "./api/users.queries";
export { ProfileModal } from "./components/profile-modal";
export { UserModal } from "./components/user-modal";
export { UsersPage } from "./components/users-page";

export { LoginPage } from "./components/login-page";
export { SignupPage } from "./components/signup-page";
export { useLogout } from "./hooks/use-logout";

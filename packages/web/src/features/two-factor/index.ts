// The second factor (decision 0095). The enrolment page is not exported here: the route guard
// imports it lazily from its own module.
export { TwoFactorResetButton } from "./components/two-factor-reset-button";
export { TwoFactorSection } from "./components/two-factor-section";

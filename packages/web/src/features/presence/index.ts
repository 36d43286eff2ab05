// The app bar's presence menu (issue 30). Its own small feature: the users barrel carries the
// profile dialog, which the shell must not download at start.
export { useSetOwnPresence } from "./hooks/use-set-own-presence";

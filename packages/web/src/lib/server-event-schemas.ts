// The contracts' schemas of the server's events, imported lazily by lib/socket.ts with the socket
// client: a module of its own so that the dynamic import carries only these schemas.
export { serverEvents } from "@atendo/contracts";

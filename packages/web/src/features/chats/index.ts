export { ChatsBackground } from "./components/chats-background";
export { ChatsPage } from "./components/chats-page";

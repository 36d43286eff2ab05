import type { AppChatMessageEvent, Chat, ChatMessage, CreateChatBody } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { expect } from "vitest";
import type { TestServer } from "./harness.js";

/** Test helpers for internal chats: each call asserts its success, so a test reads as the flow it checks. */

export async function createChat(server: TestServer, token: string, body: CreateChatBody): Promise<Chat> {
  const response = await server.request({ method: "POST", url: "/api/chats", token, payload: body });
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json() as Chat;
}

export async function sendChatText(server: TestServer, token: string, chatId: number, body: string, quotedId?: number): Promise<ChatMessage> {
  const payload = quotedId === undefined ? { body } : { body, quotedMsg: { id: quotedId } };
  const response = await server.request({ method: "POST", url: `/api/chatmessages/${chatId}`, token, payload });
  expect(response.statusCode, response.body).toBe(201);
  const [message] = (response.json() as { messages: ChatMessage[] }).messages;
  if (!message) throw new Error("no message in the answer");
  return message;
}

export async function getChat(server: TestServer, token: string, chatId: number): Promise<Chat> {
  const response = await server.request({ method: "GET", url: `/api/chats/${chatId}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Chat;
}

export async function chatMessagesPage(server: TestServer, token: string, chatId: number, pageNumber = 1): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const response = await server.request({ method: "GET", url: `/api/chatmessages/${chatId}?pageNumber=${pageNumber}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { messages: ChatMessage[]; hasMore: boolean };
}

export async function markChatRead(server: TestServer, token: string, chatId: number): Promise<void> {
  const response = await server.request({ method: "PUT", url: `/api/chatmessages/${chatId}`, token });
  expect(response.statusCode, response.body).toBe(200);
}

export type ChatUser = Awaited<ReturnType<TestServer["createUser"]>>;

/** Ana, Bruno and Carla: the three users most chat tests talk between. */
export async function threeUsers(server: TestServer): Promise<[ChatUser, ChatUser, ChatUser]> {
  return [await server.createUser({ name: "Ana" }), await server.createUser({ name: "Bruno" }), await server.createUser({ name: "Carla" })];
}

/** The next `appChatMessage` `update` a socket hears (a `create` still on its way is let pass). */
export function nextUpdate(socket: Socket): Promise<AppChatMessageEvent> {
  return new Promise((resolve) => {
    const heard = (event: AppChatMessageEvent) => {
      if (event.action !== "update") return;
      socket.off("appChatMessage", heard);
      resolve(event);
    };
    socket.on("appChatMessage", heard);
  });
}

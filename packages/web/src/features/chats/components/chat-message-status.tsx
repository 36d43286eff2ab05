import type { ChatMessage } from "@atendo/contracts";
import { AckMark, type AckStage } from "../../messages";

/** A chat message's ack (spec §3): 0 clock, 1 single tick, 2 double tick, 3 or 4 blue double tick. */
function stageOf(ack: ChatMessage["ack"]): AckStage {
  return ack >= 3 ? "read" : ack === 2 ? "delivered" : ack === 1 ? "sent" : "pending";
}

/** Ack of an own chat message; the chat numbers acks differently from tickets. */
export function ChatMessageStatus({ ack }: Pick<ChatMessage, "ack">) {
  return <AckMark stage={stageOf(ack)} ack={ack} />;
}

import { describe, expect, it } from "vitest";
import { otherParticipant } from "./use-other-participant";

const member = (id: number) => ({ userId: id, user: { id, name: `User ${id}`, email: `u${id}@example.com`, extension: null, presence: "offline" as const } });

describe("the other side of a direct chat", () => {
  it("is the participant who is not the viewer", () => {
    expect(otherParticipant({ isGroup: false, userChat: [member(7), member(8)] }, 7)?.userId).toBe(8);
  });

  it("is nobody in a group, or for an admin reading two others' chat", () => {
    expect(otherParticipant({ isGroup: true, userChat: [member(7), member(8), member(9)] }, 7)).toBeNull();
    expect(otherParticipant({ isGroup: false, userChat: [member(7), member(8)] }, 1)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { pushSubscriptionBody } from "./push.js";

const p256dh = `B${"A".repeat(86)}`; // 65 bytes
const auth = "A".repeat(22); // 16 bytes

describe("pushSubscriptionBody", () => {
  it("accepts what PushSubscription.toJSON() gives, padded or not", () => {
    expect(pushSubscriptionBody.safeParse({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { p256dh, auth }, language: "pt" }).success).toBe(true);
    expect(pushSubscriptionBody.safeParse({ endpoint: "https://push.example/1", keys: { p256dh: `${p256dh}=`, auth: `${auth}==` }, language: "en" }).success).toBe(true);
  });

  it("refuses keys of the wrong size or alphabet, other schemes and languages", () => {
    const good = { endpoint: "https://push.example/1", keys: { p256dh, auth }, language: "en" };
    for (const bad of [
      { ...good, keys: { p256dh: p256dh.slice(1), auth } },
      { ...good, keys: { p256dh, auth: `${auth}A` } },
      { ...good, keys: { p256dh: `${p256dh.slice(1)}+`, auth } },
      { ...good, endpoint: "javascript:alert(1)" },
      { ...good, language: "de" },
    ]) {
      expect(pushSubscriptionBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

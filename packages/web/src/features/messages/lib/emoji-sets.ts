/**
 * The emoji the composer's picker offers, by group. A short hand-picked set (what attendants use
 * in support conversations) instead of a full emoji library: it costs a few kB, loaded with the
 * picker only. Each group's name is the i18n key `messages.emoji.groups.{id}`.
 */
export const emojiGroups = [
  {
    id: "smileys",
    emoji: "😀 😃 😄 😁 😆 😅 😂 🤣 😊 🙂 😉 😍 🥰 😘 😋 😎 🤩 🥳 🤔 🤗 🤭 😐 😶 🙄 😏 😬 😌 😴 😷 🤒 🥲 😢 😭 😤 😠 😡 😱 😳 🥺 😇".split(" "),
  },
  {
    id: "gestures",
    emoji: "👍 👎 👌 🤌 ✌️ 🤞 🤝 🙏 👏 🙌 👋 🤙 💪 👀 👉 👈 👆 👇 ✋ 🫶 🙋 🙋‍♂️ 🤷 🤷‍♂️ 🤦 🤦‍♂️ 🙅 🙆 💁 👨‍💻 👩‍💻 🧑‍🔧".split(" "),
  },
  {
    id: "symbols",
    emoji: "❤️ 🧡 💛 💚 💙 💜 🖤 💔 💯 ✅ ☑️ ✔️ ❌ ❗ ❓ ⚠️ 🚫 ⭐ 🌟 ✨ 🔥 🎉 🎊 🎁 🏆 🔔 📢 💡 ⏰ ⏳ 🕐 ➡️ ⬅️ 🔄 🆗 🆕 🆘 ℹ️".split(" "),
  },
  {
    id: "objects",
    emoji: "📞 📱 💻 🖥️ 🖨️ ⌨️ 📷 📎 📌 📝 📄 📋 📁 📅 📆 📦 📬 ✉️ 📧 🔒 🔑 🛒 💳 💰 💵 🧾 🏷️ 🔧 🛠️ 🚚 🏠 🏢 🏪 🚗 ✈️ 🌐".split(" "),
  },
  {
    id: "nature",
    emoji: "☀️ 🌤️ 🌧️ ⛈️ ❄️ 🌈 🌙 🌸 🌹 🌻 🌱 🌳 🍀 🐶 🐱 🐻 🐼 🦁 🐸 🐝 🦋 🐢 🐬 🐦".split(" "),
  },
  {
    id: "food",
    emoji: "☕ 🍵 🥤 🍺 🍷 🥂 🍕 🍔 🍟 🌭 🌮 🍣 🍜 🍝 🥗 🍰 🎂 🍫 🍪 🍩 🍎 🍌 🍇 🍓".split(" "),
  },
] as const;

export type EmojiGroupId = (typeof emojiGroups)[number]["id"];

/** How many recently used emoji the picker keeps in front. */
export const recentEmojiLimit = 16;

/** `emoji` first, then the others once, at most `recentEmojiLimit`. */
export function withRecent(recent: readonly string[], emoji: string): string[] {
  return [emoji, ...recent.filter((item) => item !== emoji)].slice(0, recentEmojiLimit);
}

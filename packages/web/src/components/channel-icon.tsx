import type { ConnectionKind } from "@atendo/contracts";
import SvgIcon, { type SvgIconProps } from "@mui/material/SvgIcon";

/**
 * Each channel's glyph (24×24 paths, as @mui/icons-material draws them) and colour: one small
 * module, imported directly by admin pages and lazily by the ticket screen (channel-icon-lazy.tsx),
 * whose bundle has no room for icon modules.
 */
const whatsapp =
  "M16.75 13.96c.25.13.41.2.46.3.06.11.04.61-.21 1.18-.2.56-1.24 1.1-1.7 1.12-.46.02-.47.36-2.96-.73-2.49-1.09-3.99-3.75-4.11-3.92-.12-.17-.96-1.38-.92-2.61.05-1.22.69-1.8.95-2.04.24-.26.51-.29.68-.26h.47c.15 0 .36-.06.55.45l.69 1.87c.06.13.1.28.01.44l-.27.41-.39.42c-.12.12-.26.25-.12.5.12.26.62 1.09 1.32 1.78.91.88 1.71 1.17 1.95 1.3.24.14.39.12.54-.04l.81-.94c.19-.25.35-.19.58-.11l1.67.88M12 2a10 10 0 0 1 10 10 10 10 0 0 1-10 10c-1.97 0-3.8-.57-5.35-1.55L2 22l1.55-4.55C2.57 15.9 2 14.07 2 12A10 10 0 0 1 12 2m0 2a8 8 0 0 0-8 8c0 1.72.54 3.31 1.46 4.61L4.5 19.5l2.89-.96A7.969 7.969 0 0 0 12 20a8 8 0 0 0 8-8 8 8 0 0 0-8-8z";

const glyphs: Record<ConnectionKind, { path: string; color?: string }> = {
  whatsapp: { path: whatsapp, color: "#25D366" },
  // The Cloud API is WhatsApp too: the same glyph in WhatsApp's darker green.
  whatsapp_cloud: { path: whatsapp, color: "#128C7E" },
  telegram: {
    path: "M9.78 18.65l.28-4.23 7.68-6.92c.34-.31-.07-.46-.52-.19L7.74 13.3 3.64 12c-.88-.25-.89-.86.2-1.3l15.97-6.16c.73-.33 1.43.18 1.15 1.3l-2.72 12.81c-.19.91-.74 1.13-1.5.71L12.6 16.3l-1.99 1.93c-.23.23-.42.42-.82.42z",
    color: "#26A5E4",
  },
  webchat: { path: "M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zM6 9h12v2H6V9zm8 5H6v-2h8v2zm4-6H6V6h12v2z", color: "#1976D2" },
  api: {
    path: "M14 12l-2 2-2-2 2-2 2 2zm-2-6l2.12 2.12 2.5-2.5L12 1 7.38 5.62l2.5 2.5L12 6zm-6 6l2.12-2.12-2.5-2.5L1 12l4.62 4.62 2.5-2.5L6 12zm12 0l-2.12 2.12 2.5 2.5L23 12l-4.62-4.62-2.5 2.5L18 12zm-6 6l-2.12-2.12-2.5 2.5L12 23l4.62-4.62-2.5-2.5L12 18z",
  },
};

export interface ChannelIconProps extends Omit<SvgIconProps, "children"> {
  kind: ConnectionKind;
}

/** The channel's icon in its colour; `titleAccess` names it for screen readers, else it is decorative. */
export default function ChannelIcon({ kind, ...props }: ChannelIconProps) {
  const glyph = glyphs[kind];
  return (
    <SvgIcon htmlColor={glyph.color} aria-hidden={props.titleAccess ? undefined : true} data-channel={kind} {...props}>
      <path d={glyph.path} />
    </SvgIcon>
  );
}

export { ChannelIcon };

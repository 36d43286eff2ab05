import { lazy, Suspense } from "react";
import type { ChannelIconProps } from "./channel-icon";

const Icon = lazy(() => import("./channel-icon"));

/** The channel's icon, loaded on first use: for the ticket screen, whose bundle has no room for it. */
export function LazyChannelIcon(props: ChannelIconProps) {
  return (
    <Suspense fallback={null}>
      <Icon {...props} />
    </Suspense>
  );
}

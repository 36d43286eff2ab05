import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { queryClient } from "../lib/query-client";
import { useToastQueue } from "../lib/toast";
import { lazyIsland } from "./mui-island";

// The toaster is MUI (Snackbar and Alert): downloaded with the first toast, so the login page
// carries it only once it has something to say (docs/decisions/0043).
const ToasterIsland = lazyIsland(() => import("../lib/toaster").then((module) => module.Toaster));

/** Mounted from the first toast on, and then kept: the toaster plays its exit transitions. */
function DeferredToaster() {
  const queue = useToastQueue();
  const [needed, setNeeded] = useState(false);
  if (queue.length > 0 && !needed) setNeeded(true);
  return needed ? <ToasterIsland /> : null;
}

/**
 * What every page shares. MUI's theme and baseline styles are not here: the pages that use MUI get
 * them from their layout route (app/mui-layout.tsx), the login page does without.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}

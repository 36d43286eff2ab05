import { lazy, Suspense, useState, type ComponentType } from "react";
import { importOrReloadOnce } from "../app/reload-once";

/**
 * A dialog whose code (its form, react-hook-form, zod and the contract's schema) downloads the
 * first time it opens, not with the page behind it (docs/decisions/0043). `isOpen` tells from
 * the props whether it is open. Once loaded it stays mounted, so its closing transition plays.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await importOrReloadOnce(load) }));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    if (!opened) return null;
    // Nothing shows while the code downloads: the dialog appears when it is there.
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

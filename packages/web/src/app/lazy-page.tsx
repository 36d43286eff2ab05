import { type ComponentType, lazy, Suspense } from "react";
import { QueryState } from "../components/query-state";

/** Spinner shown where a page's code is still downloading, as pages show while their data loads. */
export function PageSpinner() {
  return <QueryState isPending error={null} onRetry={() => undefined} />;
}

/**
 * A page whose code is its own chunk, downloaded the first time its route renders: a new user's
 * login page does not carry the tickets screen, nor the tickets screen the admin screens.
 * The returned component brings its own Suspense, so routes use it like an eager page.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  Fallback: ComponentType = PageSpinner,
): ComponentType {
  const Page = lazy(async () => {
    const page: ComponentType = (await load())[name];
    return { default: page };
  });
  function LazyPage() {
    return (
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}

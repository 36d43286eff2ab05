import { type ComponentType, lazy, Suspense } from "react";
import { useTranslation } from "../lib/i18n";
import { Spinner } from "../components/spinner";
import { importOrReloadOnce } from "./reload-once";

/**
 * Spinner shown where a page's code is still downloading, as pages show while their data loads
 * (QueryState's look, in plain markup: the router, in the entry chunk, carries no MUI).
 */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner">
      <Spinner label={t("common.loading")} />
    </div>
  );
}

/**
 * A page whose code is its own chunk, downloaded the first time its route renders: a new user's
 * login page does not carry the tickets screen, nor the tickets screen the admin screens.
 * The returned component brings its own Suspense, so routes use it like an eager page. A chunk
 * that fails to download (a tab left open across a release) reloads the page once.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  Fallback: ComponentType = PageSpinner,
): ComponentType {
  const Page = lazy(async () => {
    const page: ComponentType = (await importOrReloadOnce(load))[name];
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

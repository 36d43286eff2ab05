import { type ComponentType, lazy, Suspense } from "react";
import { PageSpinner } from "../components/full-page-spinner";
import { importOrReloadOnce } from "./reload-once";

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
  alongside?: () => Promise<unknown>,
): ComponentType {
  const Page = lazy(async () => {
    const [module] = await Promise.all([importOrReloadOnce(load), alongside?.()]);
    const page: ComponentType = module[name];
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

/** Loaders of pages, each named by the component its module exports under that name. */
type PageLoaders<K extends string> = { [P in K]: () => Promise<Record<P, ComponentType>> };

/**
 * Several {@link lazyPage}s at once, `{ TicketsPage: () => import("…/tickets-page") }` giving
 * `{ TicketsPage }`. Each loader stays a literal `import()` of its own module, so that the bundler
 * still makes every page a chunk of its own. `alongside` downloads with each page what it needs
 * besides its code (the page-only texts), so the page renders once, complete.
 */
export function lazyPages<K extends string>(
  loaders: PageLoaders<K>,
  Fallback: ComponentType = PageSpinner,
  alongside?: () => Promise<unknown>,
): Record<K, ComponentType> {
  const pages = {} as Record<K, ComponentType>;
  for (const name of Object.keys(loaders) as K[]) pages[name] = lazyPage(loaders[name], name, Fallback, alongside);
  return pages;
}

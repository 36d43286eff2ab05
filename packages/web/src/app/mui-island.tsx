import { lazy, Suspense, type ComponentType } from "react";

/**
 * A piece of MUI on a page that does not load MUI (the login page): the toast, the banners. Its
 * code and the theme download the first time it renders; callers render it only once it has
 * something to show. A failed download (server away) shows nothing rather than breaking the page.
 */
export function lazyIsland(load: () => Promise<ComponentType>): ComponentType {
  const Island = lazy(async () => {
    try {
      const [{ AppThemeProvider }, Content] = await Promise.all([import("./app-theme"), load()]);
      const Themed: ComponentType = () => (
        <AppThemeProvider>
          <Content />
        </AppThemeProvider>
      );
      return { default: Themed };
    } catch {
      return { default: () => null };
    }
  });
  return function LazyIsland() {
    return (
      <Suspense fallback={null}>
        <Island />
      </Suspense>
    );
  };
}

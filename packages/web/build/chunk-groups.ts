/**
 * The two shared chunks of the build (docs/decisions/0043-web-delivery.md). Everything else is
 * split by use, so a route downloads only the modules it renders; these two are modules that
 * every page of their kind needs anyway, gathered into one file each: dozens of small chunks
 * compress worse than one (each gzip starts with an empty dictionary) and cost a request each.
 */

const inPackage = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);

/** React itself: every page. */
const react = inPackage("react|react-dom|scheduler");

/**
 * MUI's foundations (styling engine, theme, transitions) and the components of the signed-in
 * frame and the lists (the shell's app bar, drawer and menus, tabs, chips, buttons, the search
 * input): every page but the login page, which loads no MUI.
 */
const muiComponents = [
  "styles", "utils", "internal", "ButtonBase", "SvgIcon", "Paper", "Typography", "Box", "DefaultPropsProvider",
  "zero-styled", "transitions", "colors", "useLazyRipple", "Portal", "Modal", "Backdrop", "Fade", "Slide",
  "Unstable_TrapFocus", "List", "ListItem", "ListItemButton", "ListItemText", "ListItemIcon", "IconButton", "Button",
  "CircularProgress", "Divider", "InputBase", "OutlinedInput", "InputAdornment", "Chip", "Avatar", "Badge", "Drawer",
  "AppBar", "Toolbar", "Tabs", "Tab", "TabScrollButton", "Alert", "Link", "CssBaseline", "GlobalStyles", "locale", "useMediaQuery",
];
const muiFoundations = new RegExp(
  `node_modules[\\\\/](@mui[\\\\/](system|utils|styled-engine|private-theming)|@emotion|stylis|react-transition-group|hoist-non-react-statics)[\\\\/]` +
    `|node_modules[\\\\/]@mui[\\\\/]material[\\\\/]esm[\\\\/](${muiComponents.join("|")})[\\\\/]`,
);

/**
 * TanStack Query: the signed-in pages' data layer (the entry holds the client; the lists, the
 * mutations and the infinite pages each pulled a piece into a chunk of its own, some a few
 * hundred bytes, each compressed alone).
 */
const query = inPackage("@tanstack[\\\\/](query-core|react-query)");

// A module matching both would go to the higher priority; react first, or the MUI chunk would take
// React with it (a group takes the modules its own depend on) and the login page would download it.
export const chunkGroups = [
  { name: "react", test: react, priority: 2 },
  { name: "mui-core", test: muiFoundations, priority: 1 },
  { name: "query", test: query, priority: 1 },
];

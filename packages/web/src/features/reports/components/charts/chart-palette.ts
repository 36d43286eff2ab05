/**
 * The charts' colours. Series: teal and orange, both above 4.5:1 on white (so also readable as
 * text) and told apart by colour-blind eyes. Heat map: none (neutral), then light to dark teal.
 */
export const seriesColors = ["#0f766e", "#c2410c"] as const;
export const heatColors = ["#eef2f6", "#99f6e4", "#2dd4bf", "#0f766e", "#134e4a"] as const;

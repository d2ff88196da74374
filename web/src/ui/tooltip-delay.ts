/** The spec's hover delay before an icon's tooltip shows. */
export const ICON_TOOLTIP_DELAY_MS = 750;

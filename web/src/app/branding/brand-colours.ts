import type { ChannelBranding } from '../../features/client/api';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

/** Text on a brand colour: white or near-black, whichever reads better (buttons stay legible whatever the operator picks). */
export const textOn = (background: string): string =>
  contrastRatio(background, '#ffffff') >= contrastRatio(background, '#1a1a1a') ? '#ffffff' : '#1a1a1a';

/**
 * The CSS variables a channel's branding sets on the page (styles.css reads them with the shop's own
 * look as fallback). A colour too light for links on white keeps the shop's link colour.
 */
export function brandVariables(branding: ChannelBranding | undefined): Record<string, string> {
  if (!branding) return {};
  const variables: Record<string, string> = {};
  if (branding.primaryColor) {
    variables['--brand-primary'] = branding.primaryColor;
    variables['--brand-on-primary'] = textOn(branding.primaryColor);
    if (contrastRatio(branding.primaryColor, '#ffffff') >= 4.5)
      variables['--brand-link'] = branding.primaryColor;
  }
  if (branding.accentColor) {
    variables['--brand-accent'] = branding.accentColor;
    variables['--brand-on-accent'] = textOn(branding.accentColor);
  }
  if (branding.fontFamily) variables['--brand-font'] = branding.fontFamily;
  return variables;
}

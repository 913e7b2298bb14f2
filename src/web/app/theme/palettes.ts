import type { PaletteOptions } from '@mui/material/styles';

// DESIGN §5 Themes: a brand palette of our choosing, and a visibly different one for the drafts
// environment so nobody mistakes drafts for the live back office.

export type ThemeVariant = 'brand' | 'drafts';

/** Calm plum with a warm clay accent on a soft ivory ground: a beauty brand, but easy on the eyes all day. */
const brand: PaletteOptions = {
  primary: { main: '#7A3E65', light: '#A8719A', dark: '#552A47', contrastText: '#FFFFFF' },
  // Clay deep enough for white text at 4.5:1 (WCAG AA; palettes.test.ts checks every pair).
  secondary: { main: '#A35A3D', light: '#D9A089', dark: '#7E4029', contrastText: '#FFFFFF' },
  background: { default: '#F8F5F3', paper: '#FFFFFF' },
  text: { primary: '#2A2230', secondary: '#6A5F6B' },
  divider: '#E8E0E3',
  success: { main: '#2E7D5B' },
  error: { main: '#B3261E' },
  warning: { main: '#8F5500' },
  info: { main: '#3A6EA5' },
};

/** Drafts: deep teal and amber, nothing shared with the brand hues. */
const drafts: PaletteOptions = {
  primary: { main: '#1F5F5B', light: '#4F8C87', dark: '#123F3C', contrastText: '#FFFFFF' },
  // Amber deep enough for the white DRAFTS marker text at 4.5:1.
  secondary: { main: '#9A5B00', light: '#E5A54B', dark: '#6E4100', contrastText: '#FFFFFF' },
  background: { default: '#EEF4F2', paper: '#FFFFFF' },
  text: { primary: '#1D2B2A', secondary: '#566664' },
  divider: '#D6E2DF',
  success: { main: '#2E7D32' },
  error: { main: '#B3261E' },
  warning: { main: '#8F5500' },
  info: { main: '#2F6690' },
};

export const PALETTES: Record<ThemeVariant, PaletteOptions> = { brand, drafts };

export function themeVariantFor(appEnv: string | undefined): ThemeVariant {
  return appEnv === 'drafts' ? 'drafts' : 'brand';
}
